import { Link } from "react-router-dom";
import { useStoredUser } from "../api/session.ts";
import { PATHS } from "../paths.ts";
import { firstCharacters } from "../ui/first-characters.ts";
import { FullPageSpinner } from "../ui/full-page-spinner.tsx";
import { useGetStarted } from "./use-get-started.ts";

/** The mobile greeting shows the first five characters of the name. */
const GREETING_CHARACTERS = 5;

/** The bottom button of the mobile layout: Get Started, or a greeting that leads to Settings. */
export function MobileCta() {
  const user = useStoredUser();
  const { pending, getStarted } = useGetStarted();
  return (
    <div className="mobile-cta mobile-only" data-session-dependent="">
      {user ? (
        <Link to={PATHS.settings} className="button button--primary button--block">
          Hi {firstCharacters(user.name, GREETING_CHARACTERS)}
        </Link>
      ) : (
        <button type="button" className="button button--primary button--block" onClick={getStarted}>
          Get Started
        </button>
      )}
      {pending && <FullPageSpinner label="Opening solutions" />}
    </div>
  );
}
