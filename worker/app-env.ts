import type { UserRow } from "./accounts/users.ts";
import type { AppConfig, Provider, ProviderEndpoint } from "./core/config.ts";
import type { Role } from "./workspaces/contracts/workspaces.ts";

/** What every handler finds on `c.env` and `c.var`. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    config: AppConfig;
    provider: (provider: Provider) => ProviderEndpoint;
    /** Sends a request to this same Worker in-process (the sandbox delivers webhooks this way). */
    dispatch: (request: Request) => Promise<Response>;
    /** The Cache API of the data centre this request runs in. */
    edgeCache: Cache;
    /**
     * Set by `requireUser` (and the tool gate); only routes behind it may read these. `user` is the
     * signed-in person; `account` the workspace the request acts in, which is its owner's account
     * (whose work, plan and allowances it uses: the person's own unless `x-vox-workspace` names
     * another), and `role` the person's role in it.
     */
    user: UserRow;
    account: UserRow;
    role: Role;
    sessionTokenHash: string;
    /**
     * Set by `passGate` when it counted a call of `tool` in the window opened at `windowStartedAt`,
     * which a refusal gives back (`giveBackRefusedCalls`).
     */
    heldCall?: { readonly tool: string; readonly windowStartedAt: number };
    /** Set by a page the site frames (the Shield detector): `securityHeaders` lets the site's origin frame it. */
    framedBySite?: true;
  };
}
