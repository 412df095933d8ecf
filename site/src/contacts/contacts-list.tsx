import { API } from "@contracts/api-paths.ts";
import { groupThousands } from "@contracts/numbers.ts";
import type { Contact, ContactImportResult, SuppressionReason } from "@worker/contacts/contracts/contacts.ts";
import {
  CONSENT_WORDS,
  CONTACT_CSV_COLUMNS,
  CONTACT_CSV_OPTIONAL_COLUMNS,
} from "@worker/contacts/contracts/contacts.ts";
import { Pencil, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import useSWR, { useSWRConfig } from "swr";
import { useStoredUser } from "../api/session.ts";
import { ConfirmDeleteDialog } from "../ui/confirm-delete-dialog.tsx";
import { errorMessage } from "../ui/form-fields.tsx";
import { IconButton } from "../ui/icon-button.tsx";
import { toast } from "../ui/toast.ts";
import { TOAST_MS } from "../ui/toast-timing.ts";
import { useWorkspace } from "../workspaces/use-workspace.ts";
import { ViewerNote } from "../workspaces/viewer-note.tsx";
import { ContactEditor } from "./contact-editor.tsx";
import {
  CONTACTS_PAGE_SIZE,
  contactsPageKey,
  deleteContact,
  fetchContactsPage,
  importContacts,
} from "./contacts-api.ts";

const plural = (count: number, one: string, many: string) => `${groupThousands(count)} ${count === 1 ? one : many}`;

/** Refreshes every page of the list SWR holds (each key starts with the list's path). */
/** Why no release reaches a contact any more, in the list's words. */
const STOPPED: Readonly<Record<SuppressionReason, string>> = {
  unsubscribed: "Unsubscribed",
  bounced: "E-mail bounced",
  complained: "Marked as spam",
};

const isListKey = (key: unknown) => typeof key === "string" && key.startsWith(API.contacts.path.list);

/** What a checked file will do, with each row it leaves out and why. */
function ImportPreview({
  file,
  preview,
  busy,
  onImport,
  onCancel,
}: {
  file: File;
  preview: ContactImportResult;
  busy: boolean;
  onImport: () => void;
  onCancel: () => void;
}) {
  return (
    <section className="contacts__preview" aria-labelledby="contacts-preview-heading">
      <h3 id="contacts-preview-heading">{file.name}</h3>
      <p>
        {plural(preview.imported, "contact", "contacts")} will be imported
        {preview.skipped.length > 0 && `; ${plural(preview.skipped.length, "row", "rows")} will be skipped`}.
      </p>
      {preview.skipped.length > 0 && (
        <ul className="contacts__skipped" aria-label="Rows that will be skipped">
          {preview.skipped.map((skip) => (
            <li key={skip.row}>
              Row {skip.row}
              {skip.email && ` (${skip.email})`}: {skip.reason}
            </li>
          ))}
        </ul>
      )}
      <div className="contacts__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={onImport}
          disabled={busy || preview.imported === 0}
          aria-busy={busy}
        >
          {busy ? "Importing…" : `Import ${plural(preview.imported, "contact", "contacts")}`}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Choose another file
        </button>
      </div>
    </section>
  );
}

function ContactRow({
  contact,
  focusEdit,
  canEdit,
  onEdit,
  onDelete,
}: {
  contact: Contact;
  /** Whether its editor just closed, so focus goes back to its Edit button. */
  focusEdit: boolean;
  canEdit: boolean;
  onEdit: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
}) {
  const edit = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusEdit) edit.current?.focus();
  }, [focusEdit]);
  const details = [contact.email, contact.outlet, contact.beat].filter(Boolean).join(" · ");
  return (
    <li className="history__item">
      <span className="history__text">
        {contact.name}
        <span className="history__preview muted">{details}</span>
        {(contact.tags.length > 0 || contact.stopped) && (
          <span className="contacts__tags">
            {contact.stopped && <span className="contacts__tag contacts__tag--off">{STOPPED[contact.stopped]}</span>}
            {contact.tags.map((tag) => (
              <span key={tag} className="contacts__tag">
                {tag}
              </span>
            ))}
          </span>
        )}
      </span>
      {canEdit && (
        <span className="history__actions">
          <IconButton
            ref={edit}
            label={`Edit ${contact.name} (${contact.email})`}
            icon={Pencil}
            onClick={() => onEdit(contact)}
          />
          <IconButton
            label={`Delete ${contact.name} (${contact.email})`}
            icon={Trash2}
            onClick={() => onDelete(contact)}
          />
        </span>
      )}
    </li>
  );
}

/**
 * Settings → Contacts: the media list. A CSV is checked first, so the person sees which rows will
 * be left out and why (most often: no consent recorded) before anything is saved. A viewer reads
 * the list without the import and the buttons that edit or delete a contact.
 */
export function ContactsList() {
  const user = useStoredUser();
  const { canEdit } = useWorkspace();
  const [offset, setOffset] = useState(0);
  const { data, error } = useSWR(user ? contactsPageKey(offset) : null, fetchContactsPage, { keepPreviousData: true });
  const { mutate } = useSWRConfig();
  const fileInput = useRef<HTMLInputElement>(null);
  const problemId = useId();
  const [chosen, setChosen] = useState<{ file: File; preview: ContactImportResult } | null>(null);
  const [checking, setChecking] = useState(false);
  const [importing, setImporting] = useState(false);
  const [problem, setProblem] = useState("");
  const [said, setSaid] = useState("");
  const [confirming, setConfirming] = useState<Contact | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [edited, setEdited] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  const reset = () => {
    setChosen(null);
    if (fileInput.current) fileInput.current.value = "";
  };

  const check = async (file: File | undefined) => {
    setProblem("");
    setSaid("");
    setChosen(null);
    if (!file) return;
    setChecking(true);
    try {
      setChosen({ file, preview: await importContacts(file, true) });
    } catch (failure) {
      setProblem(errorMessage(failure));
    } finally {
      setChecking(false);
    }
  };

  const runImport = async () => {
    if (!chosen) return;
    setImporting(true);
    try {
      const result = await importContacts(chosen.file, false);
      const skipped =
        result.skipped.length > 0 ? ` ${plural(result.skipped.length, "row was", "rows were")} skipped.` : "";
      setSaid(`Imported ${plural(result.imported, "contact", "contacts")}.${skipped}`);
      reset();
      setOffset(0);
      await mutate(isListKey);
    } catch (failure) {
      setProblem(errorMessage(failure));
    } finally {
      setImporting(false);
    }
  };

  const remove = async () => {
    if (!confirming) return;
    setDeleting(true);
    try {
      await deleteContact(confirming.id);
      setSaid(`Deleted ${confirming.name} (${confirming.email}) from your media list.`);
      setConfirming(null);
      await mutate(isListKey);
    } catch (failure) {
      toast.error(errorMessage(failure), { duration: TOAST_MS });
    } finally {
      setDeleting(false);
    }
  };

  const shownTo = data ? offset + data.items.length : 0;
  return (
    <section aria-labelledby="contacts-heading">
      <h2 id="contacts-heading">Media list</h2>
      <p className="muted">
        Import the journalists your releases go to from a CSV file whose first row names the columns{" "}
        {CONTACT_CSV_COLUMNS.join(", ")} (and, if you like, {CONTACT_CSV_OPTIONAL_COLUMNS.join(" and ")}, with tags
        separated by semicolons). Only rows whose consent is {CONSENT_WORDS} are imported: the Nigeria Data Protection
        Act asks for a lawful basis for every address you write to.
      </p>
      <ViewerNote />
      {canEdit && (
        <>
          <div className="field">
            <label className="button button--ghost file-button">
              Choose a CSV file
              <input
                ref={fileInput}
                type="file"
                accept=".csv,text/csv"
                className="visually-hidden"
                aria-describedby={problem ? problemId : undefined}
                onChange={(event) => check(event.currentTarget.files?.[0])}
              />
            </label>
            {checking && <p className="muted">Checking the file…</p>}
            {problem && (
              <p id={problemId} className="field__error" role="alert">
                {problem}
              </p>
            )}
          </div>
          {chosen && (
            <ImportPreview
              file={chosen.file}
              preview={chosen.preview}
              busy={importing}
              onImport={runImport}
              onCancel={() => {
                reset();
                fileInput.current?.focus();
              }}
            />
          )}
        </>
      )}
      <p role="status" className="recordings__said">
        {said}
      </p>
      {error && !data && (
        <p className="field__error" role="alert">
          Your media list could not be loaded. Please try again.
        </p>
      )}
      {data && data.total === 0 && (
        <p className="muted">
          {canEdit ? "No contacts yet. Import a CSV to start your media list." : "No contacts yet."}
        </p>
      )}
      {data && data.total > 0 && (
        <>
          <p className="muted">
            {data.total > data.items.length
              ? `Showing ${groupThousands(offset + 1)}–${groupThousands(shownTo)} of ${plural(data.total, "contact", "contacts")}`
              : plural(data.total, "contact", "contacts")}
          </p>
          <ul className="history" aria-label="Your media list">
            {data.items.map((contact) =>
              editing === contact.id ? (
                <li key={contact.id} className="history__item">
                  <ContactEditor
                    contact={contact}
                    onDone={async (saved) => {
                      setEditing(null);
                      setEdited(contact.id);
                      if (!saved) return;
                      setSaid(`Saved ${saved.name} (${saved.email}).`);
                      await mutate(isListKey);
                    }}
                  />
                </li>
              ) : (
                <ContactRow
                  key={contact.id}
                  contact={contact}
                  focusEdit={edited === contact.id}
                  canEdit={canEdit}
                  onEdit={(picked) => {
                    setSaid("");
                    setEdited(null);
                    setEditing(picked.id);
                  }}
                  onDelete={(picked) => {
                    setSaid("");
                    setConfirming(picked);
                  }}
                />
              ),
            )}
          </ul>
          {(offset > 0 || data.next_offset !== null) && (
            <nav className="contacts__actions" aria-label="Pages of your media list">
              <button
                type="button"
                className="button button--ghost"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - CONTACTS_PAGE_SIZE))}
              >
                Previous
              </button>
              <button
                type="button"
                className="button button--ghost"
                disabled={data.next_offset === null}
                onClick={() => setOffset(data.next_offset ?? offset)}
              >
                Next
              </button>
            </nav>
          )}
        </>
      )}
      {confirming && (
        <ConfirmDeleteDialog
          title="Delete this contact?"
          description={`${confirming.name} (${confirming.email}) will be removed from your media list and get none of your future releases.`}
          busy={deleting}
          onCancel={() => setConfirming(null)}
          onConfirm={remove}
        />
      )}
    </section>
  );
}
