import { API } from "@contracts/api-paths.ts";
import type { contactRequestBody } from "@worker/contact/contracts/contact.ts";
import type { z } from "zod";
import { apiRequest, messageResponse } from "../api/client.ts";

/** A consultation request, from the contact form. */
export const submitContactRequest = (body: z.input<typeof contactRequestBody>) =>
  apiRequest(API.contact.path.request, { body, schema: messageResponse });
