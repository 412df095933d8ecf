import { env, exports } from "cloudflare:workers";
import { expect, vi } from "vitest";

/** A loopback origin: the sandbox answers nowhere else. */
export const ORIGIN = "http://127.0.0.1:8787";

/** Sends a request through the Worker's real fetch handler, as the runtime would. */
export function call(path: string, init?: RequestInit): Promise<Response> {
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, init));
}

let ipCounter = 0;
/** A fresh client address, so each test starts with its own rate-limit buckets. */
export function freshIp(): string {
  ipCounter++;
  return `203.0.113.${ipCounter % 250}`;
}

export interface Client {
  readonly ip: string;
  token?: string;
  /** The `Cookie` header this client sends, as a browser would once the Worker set one. */
  cookie?: string;
  post(path: string, body: unknown): Promise<Response>;
  put(path: string, body: unknown): Promise<Response>;
  patch(path: string, body: unknown): Promise<Response>;
  get(path: string): Promise<Response>;
}

export function client(ip = freshIp()): Client {
  const headers = (self: Client): Record<string, string> => ({
    "content-type": "application/json",
    "cf-connecting-ip": ip,
    ...(self.token ? { authorization: `Bearer ${self.token}` } : {}),
    ...(self.cookie ? { cookie: self.cookie } : {}),
  });
  const self: Client = {
    ip,
    post: (path, body) => call(path, { method: "POST", headers: headers(self), body: JSON.stringify(body) }),
    put: (path, body) => call(path, { method: "PUT", headers: headers(self), body: JSON.stringify(body) }),
    patch: (path, body) => call(path, { method: "PATCH", headers: headers(self), body: JSON.stringify(body) }),
    get: (path) => call(path, { headers: headers(self) }),
  };
  return self;
}

let userCounter = 0;
export function newUserInput(overrides: Record<string, unknown> = {}) {
  userCounter++;
  return {
    name: "Adaobi Okafor",
    email: `ada.${userCounter}.${Date.now()}@example.ng`,
    phone_number: "08031234567",
    organization_name: "Lagos Newsroom",
    password: "correct horse battery",
    ...overrides,
  };
}

/** The six digits in a mailed code's text. */
export function codeFrom(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in: ${text}`);
  return code;
}

export const VERIFICATION_SUBJECT = /^\d{6} is your Vox e-mail verification code$/;

/** Enters the newest verification code the sign-up (or a resend) mailed, as the person would. */
export async function verifyEmail(email: string, api: Client = client()): Promise<void> {
  const [mail] = await waitForMail(email, 1, VERIFICATION_SUBJECT);
  const response = await api.post("/auth/verify-email", { email, code: codeFrom(mail?.text ?? "") });
  expect(response.status).toBe(200);
}

/**
 * A signed-in account, with its e-mail verified (its trial running) unless `verified: false`:
 * most tests are about something that needs an open trial.
 */
export async function registerAndSignIn(overrides: Record<string, unknown> = {}, { verified = true } = {}) {
  const input = newUserInput(overrides);
  const api = client();
  expect((await api.post("/auth/register", input)).status).toBe(201);
  if (verified) await verifyEmail(input.email, api);
  const signin = await api.post("/auth/signin", { email: input.email, password: input.password });
  expect(signin.status).toBe(200);
  const body = (await signin.json()) as { token: string; data: { id: string } };
  api.token = body.token;
  api.cookie = cookiePairs(signin);
  return { api, input, user: body.data, token: body.token };
}

/** The `name=value` pairs a response sets, joined as a browser would send them back. */
export function cookiePairs(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  /** Content base64. */
  attachments: { filename: string; content: string }[];
}

/**
 * Mail is sent after the response (waitUntil), so the outbox is polled briefly; with `subject`,
 * only the messages whose subject matches count and are answered (newest first).
 */
export async function waitForMail(to: string, count = 1, subject?: RegExp): Promise<OutboxMessage[]> {
  for (let i = 0; i < 50; i++) {
    const response = await call(`/__sandbox/mail/messages?to=${encodeURIComponent(to)}`);
    const { messages: all } = (await response.json()) as { messages: OutboxMessage[] };
    const messages = subject ? all.filter((message) => subject.test(message.subject)) : all;
    if (messages.length >= count) return messages;
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
  throw new Error(`no mail for ${to} arrived`);
}

export async function outbox(to: string): Promise<OutboxMessage[]> {
  const response = await call(`/__sandbox/mail/messages?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

export const RESET_SUBJECT = /^\d{6} is your Vox password reset code$/;

/** Recovers the account of `email` by the three steps of the site's dialogs; answers the new password. */
export async function resetPassword(email: string, password = "fresh password 42"): Promise<string> {
  const before = (await outbox(email)).filter((mail) => RESET_SUBJECT.test(mail.subject)).length;
  expect((await client().post("/auth/forgot-password", { email })).status).toBe(200);
  const [mail] = await waitForMail(email, before + 1, RESET_SUBJECT);
  const verified = await client().post("/auth/verify-otp", { email, otp: codeFrom(mail?.text ?? "") });
  const grant = ((await verified.json()) as { data: { user_id: string } }).data.user_id;
  const reset = await client().post("/auth/reset-password", {
    user_id: grant,
    password,
    password_confirmation: password,
  });
  expect(reset.status).toBe(200);
  return password;
}

/** A multipart upload whose declared size is `bytes`: the Worker must refuse it unread (413). */
export function declaredOversizedUpload(path: string, token: string, bytes: number): Promise<Response> {
  return call(path, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "multipart/form-data; boundary=x",
      "content-length": String(bytes),
    },
    body: "--x--",
  });
}

const ENGINE_GOING = new Set(["queued", "running", "paused", "waiting", "waitingForPause"]);

/** The engine's view of a job: queued, running, waiting, complete, errored, terminated. */
export async function engineStatus(id: string): Promise<string> {
  return (await (await env.JOB_WORKFLOWS.get(id)).status()).status;
}

async function engineGoing(id: string): Promise<boolean> {
  try {
    return ENGINE_GOING.has(await engineStatus(id));
  } catch {
    return false;
  }
}

/**
 * Waits until no job's engine instance is still going. Test files share the sandbox, so a job an
 * earlier test or file left running would take a fault meant for this test, or add its provider
 * calls to the ones this test reads.
 */
export async function untilNoJobRuns(): Promise<void> {
  await vi.waitFor(
    async () => {
      const { results: unfinished } = await env.DB.prepare(
        "SELECT id, kind, status, created_at FROM jobs WHERE status IN ('queued', 'processing')",
      ).all<{ id: string }>();
      // A row left unfinished on purpose (an orphan, a status set by hand) has no engine going.
      const running = [];
      for (const job of unfinished) if (await engineGoing(job.id)) running.push(job);
      expect(running, "jobs still running").toEqual([]);
    },
    { timeout: 30_000, interval: 100 },
  );
}

/** Tells a sandbox provider to answer its next `count` calls with `status` (`worker/sandbox/faults.ts`). */
export async function failNext(target: string, status: number, count = 1): Promise<void> {
  await untilNoJobRuns();
  const response = await call(`/__sandbox/faults/${target}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ count, status }),
  });
  expect(response.status).toBe(200);
}

/** Tells a sandbox provider to answer its next `count` calls as usual, `delayMs` late (`worker/sandbox/faults.ts`). */
export async function slowNext(target: string, delayMs: number, count = 1): Promise<void> {
  const response = await call(`/__sandbox/faults/${target}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ count, delay_ms: delayMs }),
  });
  expect(response.status).toBe(200);
}

/** Posts one file as multipart, the way the site's upload does. */
export function uploadFile(
  path: string,
  token: string | undefined,
  field: string,
  file: Blob | null,
  filename: string,
) {
  const form = new FormData();
  if (file) form.set(field, file, filename);
  return call(path, { method: "POST", headers: token ? { authorization: `Bearer ${token}` } : {}, body: form });
}

/**
 * One file as multipart whose part declares `type` verbatim, control characters included, as a
 * hand-made client can send it (a browser's Blob would not carry such a type).
 */
export function uploadWithDeclaredType(path: string, token: string, field: string, type: string) {
  const body = [
    "--vox",
    `Content-Disposition: form-data; name="${field}"; filename="take.mp3"`,
    `Content-Type: ${type}`,
    "",
    "ID3 not really an mp3",
    "--vox--",
    "",
  ].join("\r\n");
  return call(path, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "multipart/form-data; boundary=vox" },
    body: new TextEncoder().encode(body),
  });
}

/** Starts a plan purchase: a pending order and the sandbox checkout to pay it on. */
export async function initialize(api: Client, plan = "monthly") {
  const response = await api.post("/api/payments/initialize", { plan });
  expect(response.status).toBe(200);
  return (await response.json()) as { authorization_url: string; reference: string };
}

/** Presses a button on the sandbox checkout page, as the visitor's browser would. */
export async function pressCheckout(authorizationUrl: string, button: "pay" | "cancel") {
  const path = new URL(authorizationUrl).pathname;
  const page = await call(path);
  expect(await page.text()).toContain(">Pay</button>");
  const response = await call(`${path}/${button}`, { method: "POST", redirect: "manual" });
  expect(response.status).toBe(303);
  return new URL(response.headers.get("location") ?? "");
}

/** The site's call after the checkout redirect. */
export async function processPay(api: Client, reference: string) {
  return api.get(`/processpay?ref=${encodeURIComponent(reference)}&total=1`);
}

const TUS = { "tus-resumable": "1.0.0" };

/** Uploads `data` over tus in two PATCHes (with `headers` too, such as a workspace's); answers the upload id. */
export async function tusUpload(
  token: string,
  data: Uint8Array,
  filetype = "audio/wav",
  finish = true,
  headers: Record<string, string> = {},
): Promise<string> {
  const auth = { ...TUS, authorization: `Bearer ${token}`, ...headers };
  const created = await call("/api/uploads", {
    method: "POST",
    headers: {
      ...auth,
      "upload-length": String(data.length),
      "upload-metadata": `filename ${btoa("town-hall.wav")},filetype ${btoa(filetype)}`,
    },
  });
  expect(created.status).toBe(201);
  const location = created.headers.get("location") ?? "";
  const half = Math.floor(data.length / 2);
  const send = (from: number, to: number) =>
    call(location, {
      method: "PATCH",
      headers: { ...auth, "content-type": "application/offset+octet-stream", "upload-offset": String(from) },
      body: data.slice(from, to),
    });
  expect((await send(0, half)).status).toBe(204);
  if (finish) expect((await send(half, data.length)).status).toBe(204);
  return location.split("/").pop() ?? "";
}
