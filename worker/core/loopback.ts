import ipaddr from "ipaddr.js";

/** `localhost`, 127.0.0.0/8 and ::1, as a URL's hostname spells them. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
  if (host === "localhost") return true;
  if (!ipaddr.isValid(host)) return false;
  return ipaddr.process(host).range() === "loopback";
}
