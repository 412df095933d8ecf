/** A subscribed person as `/auth/me` answers for her, for files that only need someone signed in. */
export const KEMI = {
  id: "u1",
  name: "Kemi Adeleke",
  email: "kemi@example.ng",
  phone_number: "+2348031234567",
  organization_name: "Lagos Newsroom",
  subscription_status: 1,
  plan: "monthly",
  trial_ends_at: "2026-11-20T00:00:00.000Z",
  subscription_expires_at: "2026-12-25T10:00:00.000Z",
  email_verified: true,
};
