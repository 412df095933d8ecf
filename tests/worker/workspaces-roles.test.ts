import { describe, expect, it } from "vitest";
import { ACCOUNT_EXPORT_PATHS } from "../../worker/accounts/contracts/account-export.ts";
import { app } from "../../worker/app.ts";
import { API } from "../../worker/contracts/api-paths.ts";
import { AUTHORISATION, leastRoleFor } from "../../worker/workspaces/authorisation.ts";
import { ROLES, type Role, roleAtLeast } from "../../worker/workspaces/contracts/workspaces.ts";
import { registerAndSignIn } from "./helpers.ts";
import { accept, asMember, invite, onPlan } from "./workspace-helpers.ts";

/**
 * The role-by-route test (issue 44): every route the Worker mounts is either public (below, each
 * with why) or in `workspaces/authorisation.ts`, and every route in the table is driven as a
 * viewer, an editor, an admin and the owner of one workspace, and as someone outside it.
 */

/** Routes anyone may call: what they need instead of a session. */
const PUBLIC: ReadonlyArray<readonly [method: string, path: string, why: string]> = [
  ["GET", API.health.path.status, "the health check"],
  ["GET", API.plans.path.list, "the price list"],
  ["POST", API.payments.path.webhook, "Paystack's signed webhook"],
  ["POST", API.mailEvents.path.webhook, "the mail provider's signed events"],
  ["POST", API.auth.path.register, "signing up"],
  ["POST", API.auth.path.signin, "signing in"],
  ["POST", API.auth.path.forgotPassword, "a reset code by e-mail"],
  ["POST", API.auth.path.verifyOtp, "a one-time code"],
  ["POST", API.auth.path.verifyEmail, "a one-time code"],
  ["POST", API.auth.path.resendVerification, "a one-time code"],
  ["POST", API.auth.path.resetPassword, "a reset grant"],
  ["POST", API.contact.path.request, "the contact form"],
  ["GET", API.downloads.path.part, "a download grant in the path"],
  ["GET", ACCOUNT_EXPORT_PATHS.downloads, "a download grant"],
  ["GET", API.media.path.link, "a media grant in the path"],
  ["GET", API.live.path.socket, "a live ticket or the bearer token as a WebSocket subprotocol"],
  ["GET", API.live.path.watch, "a caption link's token"],
  ["GET", API.tts.path.voices, "the voice list"],
  ["GET", API.shield.path.detector, "the page the site frames"],
  ["GET", API.newsroom.path.newsroom, "a public newsroom"],
  ["GET", API.newsroom.path.feed, "a public newsroom"],
  ["GET", API.newsroom.path.release, "a public newsroom"],
  ["GET", API.newsroom.path.file, "a public newsroom"],
  ["GET", API.tracking.path.open, "a sent e-mail's token"],
  ["GET", API.tracking.path.click, "a sent e-mail's token"],
  ["GET", API.unsubscribe.path.page, "a sent e-mail's token"],
  ["POST", API.unsubscribe.path.page, "a sent e-mail's token"],
  ["OPTIONS", `${API.uploads.mount}/*`, "tus's discovery of what the server supports"],
];

/**
 * Bodies for the routes that read their body before the gate (so that a call refused for its body
 * costs no allowance): with `{}` they answer 400 whoever asks, which says nothing of the role.
 */
const BODIES: Readonly<Record<string, unknown>> = {
  [`POST ${API.tts.path.speak}`]: { text: "Ẹ kú àárọ̀", voice_id: "no-such-voice" },
  [`POST ${API.tts.path.toneMarks}`]: { text: "E ku aaro" },
};

/** A request for the route with whatever it needs read before the workspace is: tus's version header, a body. */
function requestFor(method: string, path: string): RequestInit {
  return {
    method,
    headers: { "tus-resumable": "1.0.0" },
    ...(method === "GET" ? {} : { body: JSON.stringify(BODIES[`${method} ${path}`] ?? {}) }),
  };
}

/** Every method and path the Worker mounts, middleware and the sandbox left out. */
function mountedRoutes(): { method: string; path: string }[] {
  const seen = new Map<string, { method: string; path: string }>();
  for (const route of app.routes) {
    if (route.method === "ALL" || route.path.startsWith("/__sandbox")) continue;
    seen.set(`${route.method} ${route.path}`, { method: route.method, path: route.path });
  }
  return [...seen.values()];
}

const isPublic = (method: string, path: string) => PUBLIC.some(([m, p]) => m === method && p === path);

/** A path with each `:param` filled by an id nothing has. */
const filled = (path: string) => path.replace(/:(\w+)/g, () => crypto.randomUUID());

async function workspaceWithEveryRole() {
  const owner = await registerAndSignIn({ organization_name: "Role Table Ltd" });
  await onPlan(owner, "enterprise");
  const people: Record<Role, Awaited<ReturnType<typeof registerAndSignIn>>> = {
    owner,
    admin: await registerAndSignIn(),
    editor: await registerAndSignIn(),
    viewer: await registerAndSignIn(),
  };
  for (const role of ["admin", "editor", "viewer"] as const) {
    const token = await invite(owner, people[role].input.email, role);
    expect((await accept(people[role], token)).status).toBe(200);
  }
  return { people, workspace: owner.user.id };
}

async function codeOf(response: Response): Promise<string | undefined> {
  const text = await response.text();
  try {
    return (JSON.parse(text) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

describe("the authorisation table", () => {
  it("names every signed-in route the Worker mounts, and nothing it does not mount", () => {
    const missing = mountedRoutes()
      .filter(({ method, path }) => !isPublic(method, path) && leastRoleFor(method, path) === null)
      .map(({ method, path }) => `${method} ${path}`);
    expect(missing).toEqual([]);
    const mounted = new Set(mountedRoutes().map(({ method, path }) => `${method} ${path}`));
    const stale = AUTHORISATION.filter(([method, path]) => !mounted.has(`${method} ${path}`));
    expect(stale).toEqual([]);
  });

  it("a route left out of the table is the owner's alone: a member is refused it, not let through", async () => {
    const { people, workspace } = await workspaceWithEveryRole();
    // `requireUser` guards the whole media list; a path under it that the table does not name.
    const unnamed = "/api/contacts/one/two/three";
    const refused = await asMember(people.admin, workspace)(unnamed);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "role_forbidden" });
    expect((await asMember(people.owner)(unnamed)).status).toBe(404);
  });

  it("drives every route as a viewer, an editor, an admin and the owner: below the least role 403, at or above it past the check", async () => {
    const { people, workspace } = await workspaceWithEveryRole();
    const wrong: string[] = [];
    for (const [method, path, least] of AUTHORISATION) {
      if (least === "self") continue;
      // Leaving is any member's, removing another an admin's: workspaces.test.ts drives both.
      if (method === "DELETE" && path === API.workspace.path.member) continue;
      for (const role of ROLES) {
        const response = await asMember(people[role], workspace)(filled(path), requestFor(method, path));
        const code = await codeOf(response);
        const refused = response.status === 403 && code === "role_forbidden";
        const outside = response.status === 404 && code === "workspace_not_found";
        if (outside) wrong.push(`${method} ${path} as ${role}: 404 workspace_not_found`);
        if (roleAtLeast(role, least) === refused) {
          wrong.push(`${method} ${path} as ${role} (least ${least}): ${response.status} ${code ?? ""}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it("a hostile pass: someone outside the workspace who names it gets 404 on every signed-in route", async () => {
    const { workspace } = await workspaceWithEveryRole();
    const outsider = await registerAndSignIn();
    const visible: string[] = [];
    for (const [method, path] of AUTHORISATION) {
      const response = await asMember(outsider, workspace)(filled(path), requestFor(method, path));
      const code = await codeOf(response);
      if (response.status !== 404 || code !== "workspace_not_found") {
        visible.push(`${method} ${path}: ${response.status} ${code ?? ""}`);
      }
    }
    expect(visible).toEqual([]);
    // An id that is no account, or not an id at all, is the same 404.
    for (const named of [crypto.randomUUID(), "not-a-workspace"]) {
      const response = await asMember(outsider, named)(API.organisation.path.kit);
      expect(response.status).toBe(404);
    }
    // The outsider's own work is untouched by the attempt: without the header they act in their own.
    expect((await asMember(outsider)(API.organisation.path.kit)).status).toBe(200);
  }, 120_000);
});
