/**
 * The public key the sandbox `POST /call/web` emulator accepts. A voice-assistant public key is
 * meant for browsers, so unlike the Worker's own sandbox keys this one is compiled into the site
 * (the /developers demo fills it in); its shape stays clear of the secret-key scan on purpose.
 */
export const SANDBOX_VAPI_PUBLIC_KEY = "sandbox-vapi-public";
