/** Security headers every response of the product carries, site assets and API alike. */
export const COMMON_SECURITY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  // The microphone is used by VoxOver, VoxScribe and the voice client, on this origin only.
  "Permissions-Policy": "microphone=(self), camera=(), geolocation=(), payment=(), usb=()",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
} as const;

/** Browsers honour it over HTTPS only, so sending it to a local http origin changes nothing. */
export const HSTS = "max-age=31536000; includeSubDomains";
