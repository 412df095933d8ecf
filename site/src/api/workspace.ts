import { STORAGE_KEYS } from "./session.ts";

export { WORKSPACE_HEADER } from "@worker/workspaces/contracts/workspace-constants.ts";

/**
 * The workspace the person acts in, kept in localStorage (`vox_workspace`) and named on every API
 * call in the `x-vox-workspace` header; none means their own. Only what every call needs is here,
 * in every page's first load; choosing one is site/src/workspaces/workspace-choice.ts. The names
 * come from the contract's zod-free module, so its schemas stay out of the first load.
 */

/** Fired when a call named a workspace and was answered 404: it may no longer be the person's. */
export const WORKSPACE_MISSING_EVENT = "vox:workspace-missing";

export const storedWorkspace = (): string | null => localStorage.getItem(STORAGE_KEYS.workspace);
