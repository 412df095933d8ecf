import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { RefObject } from "react";
import { NavLink } from "react-router-dom";
import { PATHS } from "../paths.ts";
import { TOOLS } from "../tools/catalog.ts";
import { useInertBackground } from "../ui/use-inert-background.ts";
import { WorkspaceChoices } from "../workspaces/workspace-switcher.tsx";

interface MobileMenuProps {
  /** The button that opened the menu, which takes focus back when it closes. */
  readonly opener: RefObject<HTMLButtonElement | null>;
  readonly signedIn: boolean;
  readonly onClose: () => void;
  readonly onContact: () => void;
  readonly onLogin: () => void;
  readonly onSignup: () => void;
  readonly onLogout: () => void;
}

/** Full-screen overlay navigation for small screens; a dialog, so focus stays inside while open. */
export default function MobileMenu({
  opener,
  signedIn,
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
              <li>
                <NavLink to={PATHS.home} className="mobile-menu__link" onClick={onClose} end>
                  Home
                </NavLink>
              </li>
              <li>
                <NavLink to={PATHS.solutions} className="mobile-menu__link" onClick={onClose}>
                  Our Solutions
                </NavLink>
                <ul className="mobile-menu__tools">
                  {TOOLS.map((tool) => (
                    <li key={tool.id}>
                      <NavLink to={tool.path} className="mobile-menu__tool" onClick={onClose}>
                        <tool.icon aria-hidden="true" size={18} />
                        {tool.name}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </li>
              <li>
                <NavLink to={PATHS.pricing} className="mobile-menu__link" onClick={onClose}>
                  Pricing
                </NavLink>
              </li>
              <li>
                <button type="button" className="mobile-menu__link" onClick={onContact}>
                  Contact Us
                </button>
              </li>
              {signedIn ? (
                <>
                  <li className="mobile-menu__account">
                    <NavLink to={PATHS.settings} className="mobile-menu__link" onClick={onClose}>
                      Settings
                    </NavLink>
                  </li>
                  <li>
                    <button type="button" className="mobile-menu__link" onClick={onLogout}>
                      Logout
                    </button>
                  </li>
                </>
              ) : (
                <>
                  <li className="mobile-menu__account">
                    <button type="button" className="mobile-menu__link" onClick={onLogin}>
                      Log in
                    </button>
                  </li>
                  <li>
                    <button type="button" className="mobile-menu__link" onClick={onSignup}>
                      Create account
                    </button>
                  </li>
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
