import { exports } from "cloudflare:workers";

export const ORIGIN = "http://vox.test";

/** Sends a request through the Worker's real fetch handler, as the runtime would. */
export function call(path: string, init?: RequestInit): Promise<Response> {
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, init));
}
