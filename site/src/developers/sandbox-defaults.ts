import { API } from "@contracts/api-paths.ts";
import { SANDBOX_VAPI_PUBLIC_KEY } from "@worker/voice-assistant/contracts/voice-client.ts";
import { useEffect, useState } from "react";
import { z } from "zod";
import { apiRequest } from "../api/client.ts";
import { config } from "../config.ts";
import { DEFAULT_API_BASE_URL } from "../voice-client/assistant-api.ts";

const SANDBOX_ASSISTANT_ID = "sandbox-assistant";

export interface DemoDefaults {
  readonly apiBaseUrl: string;
  readonly publicKey: string;
  readonly assistantId: string;
  readonly sandbox: boolean;
}

const PROVIDER_DEFAULTS: DemoDefaults = {
  apiBaseUrl: DEFAULT_API_BASE_URL,
  publicKey: "",
  assistantId: "",
  sandbox: false,
};

const healthSchema = z.object({ sandbox: z.boolean() }).loose();

/**
 * Whether the Worker runs its provider emulators is known only at run time (`GET /api/health`),
 * so the demo asks, and in the sandbox points itself at the `/call/web` emulator with its key.
 */
export function useDemoDefaults(): DemoDefaults | null {
  const [defaults, setDefaults] = useState<DemoDefaults | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    apiRequest(API.health.path.status, { schema: async () => healthSchema, signal: controller.signal })
      .then(({ sandbox }) => {
        if (!sandbox) return setDefaults(PROVIDER_DEFAULTS);
        const origin = config.apiBase || window.location.origin;
        setDefaults({
          apiBaseUrl: `${origin}/__sandbox/vapi`,
          publicKey: SANDBOX_VAPI_PUBLIC_KEY,
          assistantId: SANDBOX_ASSISTANT_ID,
          sandbox: true,
        });
      })
      .catch(() => {
        if (!controller.signal.aborted) setDefaults(PROVIDER_DEFAULTS);
      });
    return () => controller.abort();
  }, []);
  return defaults;
}
