import { zodResolver } from "@hookform/resolvers/zod";
import { NEWSROOM_SLUG_MAX, NEWSROOM_SLUG_MIN } from "@worker/newsroom/contracts/newsroom.ts";
import {
  BOILERPLATE_MAX_CHARACTERS,
  type OrganisationBody,
  type OrganisationResponse,
  organisationBody,
  SPOKESPEOPLE_MAX,
} from "@worker/organisation/contracts/organisation.ts";
import { Plus, Trash2 } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import useSWR from "swr";
import {
  fieldsOf,
  SubmitButton,
  showSubmitError,
  TextAreaField,
  TextField,
  VERBATIM_INPUT,
} from "../ui/form-fields.tsx";
import { toast } from "../ui/toast.ts";
import { useWorkspace } from "../workspaces/use-workspace.ts";
import { fetchOrganisation, ORGANISATION_PATH, saveOrganisation } from "./organisation-api.ts";

type KitForm = OrganisationBody;

/** The kit as the form holds it: no newsroom address is an empty field. */
const formValues = (kit: OrganisationResponse): KitForm => ({ ...kit, slug: kit.slug ?? "" });

/**
 * Settings › Profile: the facts every new press release states about the organisation, so the
 * release names it, its spokesperson and media contact instead of leaving brackets to fill. A viewer
 * reads the facts in fields that take no typing, without the buttons that would change them.
 */
export function PressKitForm() {
  const id = useId();
  const { canEdit } = useWorkspace();
  const {
    data,
    error: loadError,
    mutate,
  } = useSWR(ORGANISATION_PATH, fetchOrganisation, {
    revalidateOnFocus: false,
  });
  const { register, control, handleSubmit, formState, reset, setError, watch } = useForm<KitForm>({
    resolver: zodResolver(organisationBody),
    mode: "onTouched",
  });
  const spokespeople = useFieldArray({ control, name: "spokespeople" });
  // The fields open to typing only once the kit has filled them: opened with the render that
  // brought the kit, before this effect, text typed at that moment was merged with the kit's
  // ("Eze CommunicationsÌjọba Water Trust"). A kit loaded again keeps what the person changed.
  const [filled, setFilled] = useState(false);
  useEffect(() => {
    if (!data) return;
    reset(formValues(data), { keepDirtyValues: true });
    setFilled(true);
  }, [data, reset]);

  const onSubmit = handleSubmit(async (kit) => {
    try {
      const saved = await saveOrganisation(kit);
      await mutate(saved, { revalidate: false });
      reset(formValues(saved));
      toast.success("Press kit saved. New press releases will use it.");
    } catch (error) {
      showSubmitError(error, setError, {
        name: "name",
        boilerplate: "boilerplate",
        dateline_city: "dateline_city",
        "media_contact.name": "media_contact.name",
        "media_contact.email": "media_contact.email",
        "media_contact.phone": "media_contact.phone",
        slug: "slug",
      });
    }
  });

  const { errors } = formState;
  const field = fieldsOf(register, errors);
  const boilerplateLength = watch("boilerplate")?.length ?? 0;
  if (loadError) {
    return (
      <p className="field__error" role="alert">
        Your press kit could not be loaded. Refresh the page to try again.
      </p>
    );
  }
  return (
    <form className="form press-kit" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} aria-busy={!filled}>
      <h2 id={`${id}-title`}>Press kit</h2>
      <p className="muted">Every new press release uses these facts instead of placeholders.</p>
      <fieldset className="press-kit__group" disabled={!filled || !canEdit}>
        <TextField label="Organisation name" autoComplete="organization" {...field("name")} />
        <TextAreaField
          label={`About the organisation (${boilerplateLength} / ${BOILERPLATE_MAX_CHARACTERS} characters)`}
          rows={5}
          {...field("boilerplate")}
        />
        <TextField
          label="Dateline city"
          hint="Releases are datelined from here unless the recording names another city."
          {...field("dateline_city")}
        />
        <TextField
          label="Newsroom address"
          hint={`Your public newsroom's web address ends with this: ${NEWSROOM_SLUG_MIN}–${NEWSROOM_SLUG_MAX} lowercase letters, digits or hyphens. Leave it empty for no newsroom.`}
          {...VERBATIM_INPUT}
          {...field("slug")}
        />
      </fieldset>
      <fieldset className="press-kit__group" disabled={!filled || !canEdit}>
        <legend>Spokespeople</legend>
        {spokespeople.fields.map((person, index) => (
          <div key={person.id} className="press-kit__person">
            <TextField label={`Spokesperson ${index + 1} name`} {...field(`spokespeople.${index}.name`)} />
            <TextField label={`Spokesperson ${index + 1} title`} {...field(`spokespeople.${index}.title`)} />
            {canEdit && (
              <button type="button" className="button button--ghost" onClick={() => spokespeople.remove(index)}>
                <Trash2 aria-hidden="true" size={18} /> Remove spokesperson {index + 1}
              </button>
            )}
          </div>
        ))}
        {errors.spokespeople?.message && (
          <p className="field__error" role="alert">
            {errors.spokespeople.message}
          </p>
        )}
        {canEdit && (
          <button
            type="button"
            className="button button--ghost"
            disabled={spokespeople.fields.length >= SPOKESPEOPLE_MAX}
            onClick={() => spokespeople.append({ name: "", title: "" })}
          >
            <Plus aria-hidden="true" size={18} /> Add a spokesperson
          </button>
        )}
      </fieldset>
      <fieldset className="press-kit__group" disabled={!filled || !canEdit}>
        <legend>Media contact</legend>
        <TextField label="Contact name" autoComplete="name" {...field("media_contact.name")} />
        <TextField label="Contact e-mail" type="email" autoComplete="email" {...field("media_contact.email")} />
        <TextField label="Contact phone" type="tel" autoComplete="tel" {...field("media_contact.phone")} />
      </fieldset>
      {canEdit && <SubmitButton submitting={formState.isSubmitting}>Save press kit</SubmitButton>}
    </form>
  );
}
