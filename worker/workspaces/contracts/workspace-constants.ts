/**
 * The header a request names its workspace in; without it a request acts in the person's own. A
 * link the browser opens itself (a player's source, a download, a socket) carries a grant or ticket
 * minted in a workspace instead. No imports: every page's first load carries this file.
 */
export const WORKSPACE_HEADER = "x-vox-workspace";
/** Where the site keeps the workspace the person last chose (localStorage). */
export const WORKSPACE_STORAGE_KEY = "vox_workspace";
