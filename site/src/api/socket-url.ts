import { config } from "../config.ts";

/** A WebSocket address on the API's origin (the page's own unless the API is hosted apart). */
export function socketUrl(path: string, query: Record<string, string>): string {
  const url = new URL(`${config.apiBase}${path}`, window.location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}
