import { useStoredUser } from "../api/session.ts";
import { PATHS } from "../paths.ts";
import { useModals } from "../ui/modal-context.ts";
import { shouldAskToSignIn } from "./spec-quirks.ts";
import { useDelayedNavigate } from "./use-delayed-navigate.ts";

/**
 * Get Started, as the shell's mobile bar offers it on every page and Home's hero repeats it: ask
 * to sign in, or show the spinner and go to /solutions. The shell uses it, so it stays here.
 */
export function useGetStarted() {
  const user = useStoredUser();
  const { openModal } = useModals();
  const { pending, navigateAfterSpinner } = useDelayedNavigate();
  const getStarted = () => {
    if (shouldAskToSignIn(user !== null))
      openModal("login", { continueTo: { label: "Our Solutions", path: PATHS.solutions } });
    else navigateAfterSpinner(PATHS.solutions);
  };
  return { pending, getStarted };
}
