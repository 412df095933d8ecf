import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { StoredUser } from "../api/session.ts";
import { storeUser } from "../api/session.ts";
import {
  fieldsOf,
  PhoneField,
  SubmitButton,
  showSubmitError,
  TextField,
  withNigerianPrefix,
} from "../ui/form-fields.tsx";
import { toast } from "../ui/toast.ts";
import { updateProfile } from "./accounts-api.ts";

interface ProfileValues {
  fullName: string;
  phone: string;
  companyName: string;
}

const SERVER_FIELDS = { name: "fullName", phone_number: "phone", organization_name: "companyName" } as const;

/** The digits the phone field shows after its fixed +234. */
const nationalDigits = (phone: string | undefined) => (phone ?? "").replace(/^\+234/, "");

/**
 * Settings › Profile: what sign-up asked for, and a form to correct it. The e-mail stays: it is
 * the sign-in and where codes go.
 */
export function ProfileForm({ user }: { readonly user: StoredUser }) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    if (!editing && returnFocus.current) editButton.current?.focus();
  }, [editing]);
  const finish = () => {
    returnFocus.current = true;
    setEditing(false);
  };

  if (!editing) {
    return (
      <div className="profile">
        <dl className="details">
          <dt>Name</dt>
          <dd>{user.name}</dd>
          <dt>Email</dt>
          <dd>{user.email ?? "Not Available"}</dd>
          <dt>Phone</dt>
          <dd>{user.phone_number ?? "Not Available"}</dd>
          <dt>Organisation</dt>
          <dd>{user.organization_name || "Not Available"}</dd>
        </dl>
        <button ref={editButton} type="button" className="button button--ghost" onClick={() => setEditing(true)}>
          Edit profile
        </button>
      </div>
    );
  }
  return <ProfileEditor user={user} onDone={finish} />;
}

function ProfileEditor({ user, onDone }: { readonly user: StoredUser; readonly onDone: () => void }) {
  const { register, handleSubmit, formState, setError, setFocus } = useForm<ProfileValues>({
    defaultValues: {
      fullName: user.name,
      phone: nationalDigits(user.phone_number),
      companyName: user.organization_name ?? "",
    },
  });
  useEffect(() => setFocus("fullName"), [setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { data } = await updateProfile({
        name: values.fullName,
        phone_number: withNigerianPrefix(values.phone),
        organization_name: values.companyName,
      });
      storeUser({ ...user, ...data });
      toast.success("Profile updated");
      onDone();
    } catch (error) {
      showSubmitError(error, setError, SERVER_FIELDS);
    }
  });

  const field = fieldsOf(register, formState.errors);
  return (
    <form className="form form--narrow" onSubmit={onSubmit} noValidate aria-label="Edit profile">
      <TextField label="Full name" autoComplete="name" {...field("fullName")} />
      <PhoneField label="Phone number" {...field("phone")} />
      <TextField label="Company name" autoComplete="organization" {...field("companyName")} />
      <p className="muted">Your e-mail address, {user.email}, is how you log in and cannot be changed here.</p>
      <div className="button-row">
        <SubmitButton submitting={formState.isSubmitting}>Save profile</SubmitButton>
        <button type="button" className="button button--ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
