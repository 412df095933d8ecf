import type { Contact } from "@worker/contacts/contracts/contacts.ts";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { fieldsOf, SubmitButton, showSubmitError, TextField } from "../ui/form-fields.tsx";
import { updateContact } from "./contacts-api.ts";

interface ContactValues {
  name: string;
  outlet: string;
  beat: string;
  phone: string;
  tags: string;
}

const SERVER_FIELDS = { name: "name", outlet: "outlet", beat: "beat", phone: "phone", tags: "tags" } as const;

/**
 * Corrects one contact's details in its row. The address stays: it is who the contact is, and an
 * address that unsubscribed must not come back under another spelling.
 */
export function ContactEditor({
  contact,
  onDone,
}: {
  readonly contact: Contact;
  readonly onDone: (saved: Contact | null) => void;
}) {
  const { register, handleSubmit, formState, setError, setFocus } = useForm<ContactValues>({
    defaultValues: { ...contact, tags: contact.tags.join("; ") },
  });
  useEffect(() => setFocus("name"), [setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const tags = values.tags
        .split(/[;,]/)
        .map((tag) => tag.trim())
        .filter(Boolean);
      onDone(await updateContact(contact.id, { ...values, tags }));
    } catch (error) {
      showSubmitError(error, setError, SERVER_FIELDS);
    }
  });

  const field = fieldsOf(register, formState.errors);
  return (
    <form className="form contacts__editor" onSubmit={onSubmit} noValidate aria-label={`Edit ${contact.email}`}>
      <TextField label="Name" autoComplete="off" {...field("name")} />
      <TextField label="Outlet" autoComplete="off" {...field("outlet")} />
      <TextField label="Beat" autoComplete="off" {...field("beat")} />
      <TextField label="Phone" type="tel" autoComplete="off" {...field("phone")} />
      <TextField
        label="Tags"
        hint="Separated by semicolons, such as business; lagos"
        autoComplete="off"
        {...field("tags")}
      />
      <div className="button-row">
        <SubmitButton submitting={formState.isSubmitting}>Save contact</SubmitButton>
        <button type="button" className="button button--ghost" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
