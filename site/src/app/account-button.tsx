import { Link, useNavigate } from "react-router-dom";
import { signOut } from "../account/sign-out.ts";
import { useStoredUser } from "../api/session.ts";
import { PATHS } from "../paths.ts";
import { useModals } from "../ui/modal-context.ts";
import { useDisclosure } from "../ui/use-dismiss.ts";

/** The desktop avatar shows the first character of the name. */
const AVATAR_INITIALS = 1;

export function AccountButton() {
  const user = useStoredUser();
  const { openModal } = useModals();
  const navigate = useNavigate();
  const menu = useDisclosure<HTMLDivElement>();

  if (!user) {
    return (
      <button type="button" className="account-button" onClick={() => openModal("login")} data-session-dependent="">
        Login
      </button>
    );
  }

  return (
    <div ref={menu.root} className="account-menu">
      <button type="button" className="account-button" {...menu.toggle} aria-label={`Account menu for ${user.name}`}>
        {user.name.slice(0, AVATAR_INITIALS).toUpperCase()}
      </button>
      <ul id={menu.popupId} className="account-menu__list" hidden={!menu.open}>
        <li>
          <Link to={PATHS.settings} className="account-menu__item" onClick={menu.close}>
            Settings
          </Link>
        </li>
        <li>
          <button
            type="button"
            className="account-menu__item"
            onClick={() => {
              menu.close();
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
