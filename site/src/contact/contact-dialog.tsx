import { useForm } from "react-hook-form";
import { Dialog } from "../ui/dialog.tsx";
import {
  errorMessage,
  fieldsOf,
  PersonFields,
  type PersonFieldValues,
  SubmitButton,
  showServerFieldErrors,
  TextAreaField,
  withNigerianPrefix,
} from "../ui/form-fields.tsx";
import type { DialogProps } from "../ui/modal-context.ts";
import { toast } from "../ui/toast.ts";
import { submitContactRequest } from "./contact-api.ts";

interface ContactForm extends PersonFieldValues {
  message: string;
}

const SERVER_FIELDS = {
  full_name: "fullName",
  email: "email",
  phone: "phone",
  company_name: "companyName",
  message: "message",
} as const;

const COPY = {
  consultation: {
    title: "Request Consultation",
    description: "Tell us about your work and we will show you what Vox can do for it, free.",
  },
  contact: { title: "Contact Us", description: "Questions, partnerships or support: we reply within one working day." },
} as const;

/**
 * Request Consultation and Contact Us share this form. Success toasts and closes; on
 * failure the modal stays open with the server's field errors (docs/decisions/).
 */
export default function ContactDialog({ modal, onClose }: DialogProps) {
  const kind = modal.name === "contact" ? "contact" : "consultation";
  const { register, handleSubmit, formState, setError } = useForm<ContactForm>({
    defaultValues: { fullName: "", email: "", phone: "", companyName: "", message: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await submitContactRequest({
        kind,
        full_name: values.fullName,
        email: values.email,
        phone: withNigerianPrefix(values.phone),
        company_name: values.companyName,
        message: values.message,
      });
      toast.success("Request Submitted Successfully");
      onClose();
    } catch (error) {
      toast.error("Error", { description: errorMessage(error) });
      showServerFieldErrors(error, setError, SERVER_FIELDS);
    }
  });

  const field = fieldsOf(register, formState.errors);
  return (
    <Dialog title={COPY[kind].title} description={COPY[kind].description} onClose={onClose}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <PersonFields register={register} errors={formState.errors} />
        <TextAreaField label="Message" {...field("message")} />
        <SubmitButton submitting={formState.isSubmitting}>Submit</SubmitButton>
      </form>
    </Dialog>
  );
}
