import { Link, useNavigate } from "react-router-dom";
import { signOut } from "../account/sign-out.ts";
import { useStoredUser } from "../api/session.ts";
import { PATHS } from "../paths.ts";
import { firstCharacters } from "../ui/first-characters.ts";
import { useModals } from "../ui/modal-context.ts";
import { useDisclosure } from "../ui/use-disclosure.ts";

/** The desktop avatar shows the first character of the name. */
const AVATAR_INITIALS = 1;

export function AccountButton() {
  const user = useStoredUser();
  const { openModal } = useModals();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen, menuId, root] = useDisclosure<HTMLDivElement>();

  if (!user) {
    return (
      <button type="button" className="account-button" onClick={() => openModal("login")} data-session-dependent="">
        Login
      </button>
    );
  }

  return (
    <div ref={root} className="account-menu">
      <button
        type="button"
        className="account-button"
        aria-expanded={menuOpen}
        aria-controls={menuId}
        aria-label={`Account menu for ${user.name}`}
        onClick={() => setMenuOpen((value) => !value)}
      >
        {firstCharacters(user.name, AVATAR_INITIALS).toUpperCase()}
      </button>
      <ul id={menuId} className="account-menu__list" hidden={!menuOpen}>
        <li>
          <Link to={PATHS.settings} className="account-menu__item" onClick={() => setMenuOpen(false)}>
            Settings
          </Link>
        </li>
        <li>
          <button
            type="button"
            className="account-menu__item"
            onClick={() => {
              setMenuOpen(false);
              signOut();
              navigate(PATHS.home);
            }}
          >
            Logout
          </button>
        </li>
      </ul>
    </div>
  );
}
