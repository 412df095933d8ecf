import type { Contact } from "@worker/contacts/contracts/contacts.ts";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { errorMessage, SubmitButton, showServerFieldErrors, TextField } from "../ui/form-fields.tsx";
import { toast } from "../ui/toast.ts";
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
      toast.error(errorMessage(error));
      showServerFieldErrors(error, setError, SERVER_FIELDS);
    }
  });

  const { errors } = formState;
  return (
    <form className="form contacts__editor" onSubmit={onSubmit} noValidate aria-label={`Edit ${contact.email}`}>
      <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register("name")} />
      <TextField label="Outlet" autoComplete="off" error={errors.outlet?.message} {...register("outlet")} />
      <TextField label="Beat" autoComplete="off" error={errors.beat?.message} {...register("beat")} />
      <TextField label="Phone" type="tel" autoComplete="off" error={errors.phone?.message} {...register("phone")} />
      <TextField
        label="Tags"
        hint="Separated by semicolons, such as business; lagos"
        autoComplete="off"
        error={errors.tags?.message}
        {...register("tags")}
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
