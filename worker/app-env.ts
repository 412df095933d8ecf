import type { AppConfig, Provider, ProviderEndpoint } from "./config.ts";

/** What every handler finds on `c.env` and `c.var`. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    config: AppConfig;
    provider: (provider: Provider) => ProviderEndpoint;
  };
}
