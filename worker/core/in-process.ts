/**
 * Durable Objects reach this Worker's own routes (the sandbox emulators, and the media links those
 * emulators fetch) in-process, as requests do. They cannot import the app for it, because the app
 * imports the routes that call them; the entry module hands the app over here instead.
 */
type AppFetch = (request: Request, env: Env) => Response | Promise<Response>;

let appFetch: AppFetch | null = null;

export function provideAppFetch(fetch: AppFetch): void {
  appFetch = fetch;
}

export async function fetchInProcess(request: Request, env: Env): Promise<Response> {
  if (!appFetch) throw new Error("The Worker entry has not provided the app (worker/index.ts)");
  return appFetch(request, env);
}
