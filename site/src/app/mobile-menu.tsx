import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode, RefObject } from "react";
import { NavLink } from "react-router-dom";
import { PATHS } from "../paths.ts";
import { TOOLS } from "../tools/catalog.ts";
import { useInertBackground } from "../ui/use-inert-background.ts";
import { WorkspaceChoices } from "../workspaces/workspace-switcher.tsx";
import { solutionTarget } from "./solution-target.ts";

interface MobileMenuProps {
  /** The button that opened the menu, which takes focus back when it closes. */
  readonly opener: RefObject<HTMLButtonElement | null>;
  readonly signedIn: boolean;
  /** The stored user's, so a tool chosen here passes the same gate as in the desktop dropdown. */
  readonly subscriptionStatus: number | undefined;
  readonly onClose: () => void;
  readonly onContact: () => void;
  readonly onLogin: () => void;
  readonly onSignup: () => void;
  readonly onLogout: () => void;
}

interface EntryProps {
  /** The first of the account's entries sets them apart. */
  readonly className?: string;
  readonly children: ReactNode;
}

/** A page of the site: the menu closes as it is followed. */
function PageEntry({
  to,
  end,
  onClose,
  className,
  children,
}: EntryProps & { to: string; end?: true; onClose: () => void }) {
  return (
    <li className={className}>
      <NavLink to={to} className="mobile-menu__link" onClick={onClose} end={end}>
        {children}
      </NavLink>
    </li>
  );
}

/** A dialog to open or signing out, whose handler closes the menu first. */
function ActionEntry({ onClick, className, children }: EntryProps & { onClick: () => void }) {
  return (
    <li className={className}>
      <button type="button" className="mobile-menu__link" onClick={onClick}>
        {children}
      </button>
    </li>
  );
}

/** Full-screen overlay navigation for small screens; a dialog, so focus stays inside while open. */
export default function MobileMenu({
  opener,
  signedIn,
  subscriptionStatus,
  onClose,
  onContact,
  onLogin,
  onSignup,
  onLogout,
}: MobileMenuProps) {
  useInertBackground();
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Content
          className="mobile-menu"
          aria-describedby={undefined}
          // Left to Radix, closing left the focus on the body (the opener is in the page the menu makes
          // inert). A dialog the menu opened (Log in, Contact Us) keeps the focus it took.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (document.activeElement === document.body || document.activeElement === null) opener.current?.focus();
          }}
        >
          <div className="mobile-menu__top">
            <RadixDialog.Title className="mobile-menu__title">Menu</RadixDialog.Title>
            <RadixDialog.Close className="icon-button" aria-label="Close menu">
              <X aria-hidden="true" size={24} />
            </RadixDialog.Close>
          </div>
          <nav aria-label="Mobile">
            <ul className="mobile-menu__list">
              <PageEntry to={PATHS.home} onClose={onClose} end>
                Home
              </PageEntry>
              <li>
                <NavLink to={PATHS.solutions} className="mobile-menu__link" onClick={onClose}>
                  Our Solutions
                </NavLink>
                <ul className="mobile-menu__tools">
                  {TOOLS.map((tool) => (
                    <li key={tool.id}>
                      <NavLink
                        to={solutionTarget(subscriptionStatus, tool.path)}
                        className="mobile-menu__tool"
                        onClick={onClose}
                      >
                        <tool.icon aria-hidden="true" size={18} />
                        {tool.name}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </li>
              <PageEntry to={PATHS.pricing} onClose={onClose}>
                Pricing
              </PageEntry>
              <ActionEntry onClick={onContact}>Contact Us</ActionEntry>
              {signedIn ? (
                <>
                  <PageEntry className="mobile-menu__account" to={PATHS.settings} onClose={onClose}>
                    Settings
                  </PageEntry>
                  <ActionEntry onClick={onLogout}>Logout</ActionEntry>
                </>
              ) : (
                <>
                  <ActionEntry className="mobile-menu__account" onClick={onLogin}>
                    Log in
                  </ActionEntry>
                  <ActionEntry onClick={onSignup}>Create account</ActionEntry>
                </>
              )}
            </ul>
            {signedIn && <WorkspaceChoices onChosen={onClose} />}
          </nav>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
