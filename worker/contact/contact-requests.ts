/** Consultation and contact requests in D1 (`contact_requests`), kept as the team received them. */

interface ContactRequestRow {
  id: string;
  kind: "consultation" | "contact";
  full_name: string;
  email: string;
  phone: string;
  company_name: string;
  message: string;
  created_at: string;
}

export async function insertContactRequest(db: D1Database, request: ContactRequestRow): Promise<void> {
  await db
    .prepare(
      `INSERT INTO contact_requests (id, kind, full_name, email, phone, company_name, message, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(
      request.id,
      request.kind,
      request.full_name,
      request.email,
      request.phone,
      request.company_name,
      request.message,
      request.created_at,
    )
    .run();
}
