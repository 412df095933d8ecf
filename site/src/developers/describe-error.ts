import type { VoiceClientError } from "../voice-client/voice-client.ts";

/** What the demo's event log says for each way a call can fail, in words a developer can act on. */
export function describeCallError(error: VoiceClientError): string {
  switch (error.phase) {
    case "create-web-call":
      return `The voice-assistant API did not create the call: ${reason(error)}. Check the public key, the assistant id and the API base URL.`;
    case "load-call-library":
      return `The call library could not be loaded: ${reason(error)}.`;
    case "join":
      return `The web call was created, but joining it failed: ${reason(error)}. Joining needs network access to the call network (daily.co); offline, or behind a firewall that blocks it, the join cannot succeed.`;
    case "call":
      return `The call reported an error: ${error.message}.`;
  }
}

function reason(error: VoiceClientError): string {
  const cause = error.cause;
  if (cause instanceof Error && cause.message) return cause.message;
  if (cause && typeof cause === "object" && "errorMsg" in cause) return String(cause.errorMsg);
  return typeof cause === "string" && cause ? cause : error.message;
}
