import { z } from "zod";
import {
  type InitializeRequest,
  initializeAnswer,
  errorBody as paystackErrorBody,
  transactionNeeded,
  verifyAnswer,
} from "./contracts/paystack.ts";
import type { ProviderEndpoint } from "./endpoint.ts";
import { checkDocumented } from "./provider-error.ts";

/** Paystack's transaction API (initialize, verify), server side only. */

export class PaymentProviderError extends Error {
  override name = "PaymentProviderError";
}

const TIMEOUT_MS = 10_000;

const verifyNeeded = z.object({ status: z.literal(true), data: transactionNeeded });

export type PaystackTransaction = z.infer<typeof transactionNeeded>;

interface Contract<T> {
  readonly documented: z.ZodType;
  readonly needed: z.ZodType<T>;
}

async function call<T>(endpoint: ProviderEndpoint, path: string, contract: Contract<T>, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await endpoint.fetch(
      new Request(`${endpoint.baseUrl}${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { authorization: `Bearer ${endpoint.apiKey}`, "content-type": "application/json" },
        body: body === undefined ? null : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      }),
    );
  } catch (error) {
    throw new PaymentProviderError(`Paystack ${path} unreachable: ${(error as Error).message}`);
  }
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // A proxy's HTML error page; the status says what happened.
  }
  if (!response.ok) {
    const refusal = paystackErrorBody.safeParse(json);
    const reason = refusal.success ? refusal.data.message : text.slice(0, 300);
    throw new PaymentProviderError(`Paystack ${path} answered ${response.status}: ${reason}`);
  }
  checkDocumented("paystack", path, contract.documented, json);
  const parsed = contract.needed.safeParse(json);
  if (!parsed.success) throw new PaymentProviderError(`Paystack ${path} answered an unexpected shape`);
  return parsed.data;
}

export interface InitializeInput {
  readonly email: string;
  readonly amountKobo: number;
  readonly currency: "NGN";
  readonly reference: string;
  readonly callbackUrl: string;
}

export function initializeRequestBody(input: InitializeInput): InitializeRequest {
  return {
    email: input.email,
    amount: input.amountKobo,
    currency: input.currency,
    reference: input.reference,
    callback_url: input.callbackUrl,
  };
}

export async function initializeTransaction(endpoint: ProviderEndpoint, input: InitializeInput) {
  const contract = { documented: initializeAnswer, needed: initializeAnswer };
  const { data } = await call(endpoint, "/transaction/initialize", contract, initializeRequestBody(input));
  return data;
}

export async function verifyTransaction(endpoint: ProviderEndpoint, reference: string): Promise<PaystackTransaction> {
  const contract = { documented: verifyAnswer, needed: verifyNeeded };
  const { data } = await call(endpoint, `/transaction/verify/${encodeURIComponent(reference)}`, contract);
  return data;
}
