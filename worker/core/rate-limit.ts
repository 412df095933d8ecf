import type { Context } from "hono";
import ipaddr from "ipaddr.js";
import type { AppEnv } from "../app-env.ts";
import { HOURLY_REQUESTS } from "../billing/contracts/plans.ts";
import { tooManyAttempts } from "./errors.ts";

interface RateLimitRule {
  readonly limit: number;
  readonly windowSeconds: number;
}

/** Sending a one-time code by e-mail (a reset or a verification): each sends a message to a person. */
const CODE_SENDS = {
  ip: { limit: 10, windowSeconds: 3600 },
  email: { limit: 3, windowSeconds: 900 },
  device: { limit: 3, windowSeconds: 900 },
} as const;

/** Checking a one-time code: a guess at six digits. */
const CODE_CHECKS = {
  ip: { limit: 30, windowSeconds: 600 },
  email: { limit: 15, windowSeconds: 600 },
  device: { limit: 15, windowSeconds: 600 },
} as const;

/**
 * Abuse limits per endpoint, by client IP and by the e-mail address a request names. A browser that
 * signed in to that address's account before (`worker/accounts/devices.ts`) counts against `device`
 * instead of `email`, so strangers using up the address's allowance do not shut its owner out.
 */
export const RATE_LIMITS = {
  signin: {
    ip: { limit: 30, windowSeconds: 600 },
    email: { limit: 10, windowSeconds: 600 },
    device: { limit: 10, windowSeconds: 600 },
  },
  register: { ip: { limit: 10, windowSeconds: 3600 }, email: { limit: 5, windowSeconds: 3600 } },
  forgot: CODE_SENDS,
  verify: CODE_CHECKS,
  verifyEmail: CODE_CHECKS,
  resendVerification: CODE_SENDS,
  contact: { ip: { limit: 10, windowSeconds: 3600 }, email: { limit: 5, windowSeconds: 3600 } },
} as const satisfies Record<string, { ip: RateLimitRule; email: RateLimitRule; device?: RateLimitRule }>;

type RateLimitedAction = keyof typeof RATE_LIMITS;

/**
 * Paid provider calls per signed-in user, generous for real work but a ceiling on a runaway
 * script or a shared token. Counted in D1 with the session check (`worker/billing/tool-gate.ts`).
 */
export const TOOL_RATE_LIMITS = {
  // The hourly ones are the plan table's, which /pricing shows.
  tts: { limit: HOURLY_REQUESTS.tts, windowSeconds: 3600 },
  voiceConversion: { limit: HOURLY_REQUESTS.voiceConversion, windowSeconds: 3600 },
  sentiment: { limit: HOURLY_REQUESTS.sentiment, windowSeconds: 3600 },
  pressRelease: { limit: HOURLY_REQUESTS.pressRelease, windowSeconds: 3600 },
  /** One ticket opens one live transcription session. */
  live: { limit: 60, windowSeconds: 600 },
  /** A voice token lives 30 minutes and a page needs one per conversation. */
  voiceAssistant: { limit: 20, windowSeconds: 600 },
} as const satisfies Record<string, RateLimitRule>;

/**
 * Caption viewer connections per network address. A venue's audience often shares one public
 * address (its Wi-Fi), so this admits a room of a thousand within a few minutes, while one
 * machine cannot open sockets without end; each session also caps its viewers (`liveViewers`).
 */
export const WATCH_RATE_LIMIT = { limit: 300, windowSeconds: 60 } as const satisfies RateLimitRule;

/**
 * The links in a sent release's e-mail, which anyone holding one may follow without signing in,
 * per network address: each request is a D1 read or write. Mail providers fetch images through a
 * few shared proxies and scan links from a few addresses, and a newsroom's readers may share one,
 * so the bounds leave a whole office's mail room, while one machine cannot call without end.
 */
export const TRACKING_RATE_LIMITS = {
  /** The open pixel: fetched for every reader whose mail client shows images. */
  trackOpen: { limit: 600, windowSeconds: 60 },
  /** The tracked link to the public release. */
  trackClick: { limit: 300, windowSeconds: 60 },
  /** The unsubscribe page and its button (or a mail client's one-click POST). */
  unsubscribe: { limit: 300, windowSeconds: 60 },
} as const satisfies Record<string, RateLimitRule>;

/**
 * Account changes that re-check the password: each costs a full password hash, so a stolen session
 * cannot turn them into a CPU and memory drain or an unlimited password-guessing oracle.
 */
export const ACCOUNT_RATE_LIMITS = {
  changePassword: { limit: 5, windowSeconds: 3600 },
  deleteAccount: { limit: 5, windowSeconds: 3600 },
} as const satisfies Record<string, RateLimitRule>;

/**
 * The account's data download per user: each gathers every table of the account (and its zips
 * stream every stored file out of R2), so a stolen session cannot turn it into a drain.
 */
export const DATA_EXPORT_RATE_LIMITS = {
  exportData: { limit: 10, windowSeconds: 3600 },
  exportFiles: { limit: 10, windowSeconds: 3600 },
} as const satisfies Record<string, RateLimitRule>;

/**
 * Links that open the account's files without the session (player URLs, files download links), per
 * user. Each is a D1 row; a page asks for a player URL each time a player opens and for files links
 * once per "Download my files", so these leave a person room and a script none.
 */
export const GRANT_RATE_LIMITS = {
  playerUrl: { limit: 60, windowSeconds: 600 },
  filesLink: { limit: 10, windowSeconds: 3600 },
} as const satisfies Record<string, RateLimitRule>;

/** Open (unexpired) links an account may hold at once; minting one more revokes its oldest. */
export const GRANT_CAPS = { playerUrls: 50, filesLinks: 3 } as const;

/**
 * Writes per user that add rows no plan quota counts, each a ceiling well above real use, so a
 * script with a session cannot fill the shared D1 database.
 */
export const WRITE_RATE_LIMITS = {
  /**
   * Saved edits and picked headlines of press releases (each a new version): the editor saves a
   * moment after typing stops, so a busy hour of writing is a few hundred.
   */
  releaseEdit: { limit: 600, windowSeconds: 3600 },
  /** Revoking a session's caption link: each revocation lets a new link (a new row) be made. */
  captionRevoke: { limit: 30, windowSeconds: 3600 },
  /** Profile corrections: each rewrites the account's row (and its name in receipts and e-mails). */
  profile: { limit: 30, windowSeconds: 3600 },
  /** Starting a checkout: each one is an order row and a call to Paystack. */
  checkout: { limit: 20, windowSeconds: 3600 },
  /**
   * Media-list imports and their previews: each reads a file of up to 5,000 rows (the plan's list
   * size bounds the rows kept), and a person checks and imports a few files at a time.
   */
  contactImport: { limit: 30, windowSeconds: 3600 },
  /** Corrections and deletions of single contacts. */
  contactEdit: { limit: 600, windowSeconds: 3600 },
  /**
   * Publishing a release, taking it down, or moving the newsroom's address: each writes a row,
   * may start a Workflow, and purges the newsroom's cached pages.
   */
  newsroom: { limit: 60, windowSeconds: 3600 },
  /**
   * Sending a release to the media list: each queues up to the plan's monthly e-mails and starts a
   * Workflow; a person sends a release once, then perhaps again to the contacts added since.
   */
  releaseSend: { limit: 30, windowSeconds: 3600 },
  /**
   * Adding, checking, renaming and removing the organisation's sending domain: each but a rename
   * calls the mail provider, and a domain is set up once, then checked a few times while its DNS
   * records spread.
   */
  sendingDomain: { limit: 30, windowSeconds: 3600 },
  /** Invitations to a workspace: each one is an e-mail to an address the sender typed. */
  invitation: { limit: 30, windowSeconds: 3600 },
  /** Changing a member's role: each one writes a log entry, kept a year. */
  memberRole: { limit: 60, windowSeconds: 3600 },
  /** Handing a workspace over: each one writes a log entry, and one's own a new account row. */
  handOver: { limit: 10, windowSeconds: 3600 },
} as const satisfies Record<string, RateLimitRule>;

/** Counts one write against the signed-in user. */
export async function limitWrite(c: Context<AppEnv>, write: keyof typeof WRITE_RATE_LIMITS): Promise<void> {
  await enforceRateLimit(c.env, write, `user:${c.var.user.id}`, WRITE_RATE_LIMITS[write]);
}

/** Free provider calls a signed-in user makes while preparing work, such as adding Yorùbá tone marks. */
export const HELPER_RATE_LIMITS = {
  toneMarks: { limit: 120, windowSeconds: 3600 },
} as const satisfies Record<string, RateLimitRule>;

/** Counts one attempt against `scope:key`; past the rule's limit it answers 429 with Retry-After. */
export async function enforceRateLimit(env: Env, scope: string, key: string, rule: RateLimitRule): Promise<void> {
  const limiter = env.RATE_LIMITER.getByName(`${scope}:${key}`);
  const decision = await limiter.hit(rule.limit, rule.windowSeconds);
  if (!decision.allowed) throw tooManyAttempts(decision.retryAfterSeconds);
}

/**
 * Cloudflare sets CF-Connecting-IP on every request it forwards; local runs share one bucket. One
 * IPv6 subscriber usually holds a whole /64, so IPv6 addresses count by their /64 (IPv4-mapped
 * addresses as the IPv4 address they carry).
 */
export function clientIp(c: Context): string {
  const header = c.req.header("cf-connecting-ip")?.trim();
  if (!header || !ipaddr.isValid(header)) return "local";
  const address = ipaddr.process(header);
  if (address.kind() === "ipv4") return address.toString();
  const prefix = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(":")}::/64`;
}

/** `device` is the key of a browser known to the named account (`knownDevice`), if it is one. */
export async function limitAction(
  c: Context<AppEnv>,
  action: RateLimitedAction,
  email?: string,
  device?: string | null,
) {
  const rules: { ip: RateLimitRule; email: RateLimitRule; device?: RateLimitRule } = RATE_LIMITS[action];
  await enforceRateLimit(c.env, action, `ip:${clientIp(c)}`, rules.ip);
  if (device && rules.device) await enforceRateLimit(c.env, action, `device:${device}`, rules.device);
  else if (email) await enforceRateLimit(c.env, action, `email:${email}`, rules.email);
}

/**
 * A completed password reset proves the mailbox, so the sign-in limits on that address and on the
 * browser that reset it (when the account knows it) start again: the new password works at once.
 * The address's IP limit stays, as others may share it.
 */
export async function forgetSigninAttempts(env: Env, email: string, device: string | null): Promise<void> {
  const keys = [`email:${email}`, ...(device ? [`device:${device}`] : [])];
  await Promise.all(keys.map((key) => env.RATE_LIMITER.getByName(`signin:${key}`).forget()));
}

/** Counts one password-checked account change against the signed-in user. */
export async function limitAccountChange(c: Context<AppEnv>, change: keyof typeof ACCOUNT_RATE_LIMITS): Promise<void> {
  await enforceRateLimit(c.env, change, `user:${c.var.user.id}`, ACCOUNT_RATE_LIMITS[change]);
}
