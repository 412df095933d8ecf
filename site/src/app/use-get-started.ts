import { useStoredUser } from "../api/session.ts";
import { PATHS } from "../paths.ts";
import { useModals } from "../ui/modal-context.ts";
import { shouldAskToSignIn } from "./spec-quirks.ts";
import { useDelayedNavigate } from "./use-delayed-navigate.ts";

/** Home's Get Started: ask to sign in, or show the spinner and go to /solutions. */
export function useGetStarted() {
  const user = useStoredUser();
  const { openModal } = useModals();
  const { pending, navigateAfterSpinner } = useDelayedNavigate();
  const getStarted = () => {
    if (shouldAskToSignIn(user !== null)) openModal("login");
    else navigateAfterSpinner(PATHS.solutions);
  };
  return { pending, getStarted };
}
