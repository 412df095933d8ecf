import { useCallback } from "react";
import { useStoredUser } from "../api/session.ts";
import { PATHS } from "../paths.ts";
import { useModals } from "../ui/modal-context.ts";
import { shouldAskToSignIn } from "./spec-quirks.ts";
import { useDelayedNavigate } from "./use-delayed-navigate.ts";

/** Where choosing a tool leads: unsubscribed users go to /pricing first. */
export function solutionTarget(subscriptionStatus: number | undefined, toolPath: string): string {
  return subscriptionStatus === 0 ? PATHS.pricing : toolPath;
}

/** The card behaviour of the product /solutions, shared by Home's Get Started. */
export function useSolutionNavigation() {
  const user = useStoredUser();
  const { openModal } = useModals();
  const { pending, navigateAfterSpinner } = useDelayedNavigate();
  const choose = useCallback(
    (toolPath: string) => {
      if (shouldAskToSignIn(user !== null)) openModal("login");
      else navigateAfterSpinner(solutionTarget(user?.subscription_status, toolPath));
    },
    [user, openModal, navigateAfterSpinner],
  );
  return { pending, choose };
}
