import { z } from "zod";
import {
  errorBody,
  type InitializeRequest,
  initializeAnswer,
  transactionNeeded,
  verifyAnswer,
} from "./contracts/paystack.ts";
import type { ProviderEndpoint } from "./endpoint.ts";
import { type ProviderAdapter, ProviderError, providerJson } from "./provider-error.ts";

/** Paystack's transaction API (initialize, verify), server side only. */

export class PaymentProviderError extends ProviderError {
  override name = "PaymentProviderError";
}

const paystack: ProviderAdapter = {
  provider: "paystack",
  auth: (endpoint) => ({ authorization: `Bearer ${endpoint.apiKey}` }),
  timeoutMs: 10_000,
  errorClass: PaymentProviderError,
  refusalDetail: (body) => errorBody.safeParse(body).data?.message,
};

const verifyNeeded = z.object({ status: z.literal(true), data: transactionNeeded });

export type PaystackTransaction = z.infer<typeof transactionNeeded>;

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
  const { data } = await providerJson(
    paystack,
    endpoint,
    { what: "transaction initialize", path: "/transaction/initialize", json: initializeRequestBody(input) },
    { documented: initializeAnswer, needed: initializeAnswer },
  );
  return data;
}

export async function verifyTransaction(endpoint: ProviderEndpoint, reference: string): Promise<PaystackTransaction> {
  const { data } = await providerJson(
    paystack,
    endpoint,
    { what: "transaction verify", path: `/transaction/verify/${encodeURIComponent(reference)}` },
    { documented: verifyAnswer, needed: verifyNeeded },
  );
  return data;
}
