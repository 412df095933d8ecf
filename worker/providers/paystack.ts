import { z } from "zod";
import {
  authorization,
  type ChargeAuthorizationRequest,
  chargeAuthorizationAnswer,
  errorBody,
  type InitializeRequest,
  initializeAnswer,
  transactionNeeded,
  verifyAnswer,
} from "./contracts/paystack.ts";
import type { ProviderEndpoint } from "./endpoint.ts";
import { type ProviderAdapter, ProviderError, providerJson } from "./provider-error.ts";

/** Paystack's transaction API (initialize, verify, charge authorization), server side only. */

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

/** A paid transaction's card, kept for renewals when Paystack marks it reusable. */
export const paidCard = z.object({
  authorization: authorization.pick({
    authorization_code: true,
    reusable: true,
    brand: true,
    last4: true,
    exp_month: true,
    exp_year: true,
  }),
  customer: z.object({ email: z.string() }),
});
export type PaidCard = z.infer<typeof paidCard>;

const verifyNeeded = z.object({
  status: z.literal(true),
  data: transactionNeeded.loose().transform((data) => ({ ...data, card: paidCard.safeParse(data).data ?? null })),
});

export type PaystackTransaction = z.infer<typeof transactionNeeded> & { card: PaidCard | null };

interface InitializeInput {
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

const chargeNeeded = z.object({
  status: z.literal(true),
  data: chargeAuthorizationAnswer.shape.data.pick({
    status: true,
    reference: true,
    amount: true,
    currency: true,
    gateway_response: true,
  }),
});

export type PaystackCharge = z.infer<typeof chargeNeeded>["data"];

/** Charges a kept authorization; a decline is an answer (`status: "failed"`), not an error. */
export async function chargeAuthorization(
  endpoint: ProviderEndpoint,
  request: ChargeAuthorizationRequest,
): Promise<PaystackCharge> {
  const { data } = await providerJson(
    paystack,
    endpoint,
    { what: "charge authorization", path: "/transaction/charge_authorization", json: request },
    { documented: chargeAuthorizationAnswer, needed: chargeNeeded },
  );
  return data;
}
