/** The Worker's answer (409) to a tool call from an account whose e-mail is not verified yet. */
export const EMAIL_UNVERIFIED = "email_unverified";

/** Every failed call, with the server's message and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}
