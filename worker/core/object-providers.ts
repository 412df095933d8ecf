import { loadConfig, type Provider, type ProviderEndpoint, providerEndpoint } from "./config.ts";
import { fetchInProcess } from "./in-process.ts";

/**
 * Provider endpoints for code running in a Durable Object, which has no incoming request to take
 * an origin from. `origin` is the one the job was created under, so the URLs sandbox emulators
 * hand out (upload URLs) match; in the sandbox the emulators are dispatched to this same Worker
 * in-process, exactly as for requests.
 */
export function objectProviders(env: Env, origin: string): (provider: Provider) => ProviderEndpoint {
  const config = loadConfig(env);
  const sandboxFetch = async (request: Request) => fetchInProcess(request, env);
  return (provider) => providerEndpoint(config, provider, { origin, sandboxFetch });
}
