import { PATHS } from "../paths.ts";

/** Where choosing a tool leads: unsubscribed users go to /pricing first. */
export function solutionTarget(subscriptionStatus: number | undefined, toolPath: string): string {
  return subscriptionStatus === 0 ? PATHS.pricing : toolPath;
}
