import { Menu } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { NavLink, useNavigate } from "react-router-dom";
import { signOut } from "../account/sign-out.ts";
import { useStoredUser } from "../api/session.ts";
import { PATHS } from "../paths.ts";
import { lazyWhenShown } from "../ui/lazy-named.ts";
import { useModals } from "../ui/modal-context.ts";
import { AccountButton } from "./account-button.tsx";
import { Logo } from "./logo.tsx";
import { SolutionsMenu } from "./solutions-menu.tsx";

const MobileMenu = lazy(() => import("./mobile-menu.tsx"));
// Only a signed-in person has workspaces: a visitor's first load never fetches its code.
const WorkspaceSwitcher = lazyWhenShown<"WorkspaceSwitcher", object>(
  () => import("../workspaces/workspace-switcher.tsx"),
  "WorkspaceSwitcher",
);
const WorkspaceBadge = lazyWhenShown<"WorkspaceBadge", { onOpen: () => void }>(
  () => import("../workspaces/workspace-switcher.tsx"),
  "WorkspaceBadge",
);

export function Header() {
  const user = useStoredUser();
  const { openModal } = useModals();
  const navigate = useNavigate();
  const [mobileOpen, setMobileOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Logo />
        <nav className="desktop-nav" aria-label="Main">
          <ul className="desktop-nav__list">
            <li>
              <NavLink to={PATHS.home} className="nav-link" end>
                Home
              </NavLink>
            </li>
            <SolutionsMenu />
            <li>
              <NavLink to={PATHS.pricing} className="nav-link">
                Pricing
              </NavLink>
            </li>
            <li>
              <button type="button" className="nav-link" onClick={() => openModal("contact")}>
                Contact Us
              </button>
            </li>
          </ul>
          {user && <WorkspaceSwitcher />}
          <AccountButton />
        </nav>
        {user && <WorkspaceBadge onOpen={() => setMobileOpen(true)} />}
        <button
          ref={menuButton}
          type="button"
          className="icon-button mobile-only"
          aria-label="Open menu"
          aria-haspopup="dialog"
          onClick={() => setMobileOpen(true)}
        >
          <Menu aria-hidden="true" size={26} />
        </button>
      </div>
      {mobileOpen && (
        <Suspense fallback={null}>
          <MobileMenu
            opener={menuButton}
            signedIn={user !== null}
            subscriptionStatus={user?.subscription_status}
            onClose={() => setMobileOpen(false)}
            onContact={() => {
              setMobileOpen(false);
              openModal("contact");
            }}
            onLogin={() => {
              setMobileOpen(false);
              openModal("login");
            }}
            onSignup={() => {
              setMobileOpen(false);
              openModal("signup");
            }}
            onLogout={() => {
              setMobileOpen(false);
              signOut();
              navigate(PATHS.home);
            }}
          />
        </Suspense>
      )}
    </header>
  );
}
