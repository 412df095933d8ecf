import { zodResolver } from "@hookform/resolvers/zod";
import {
  DEFAULT_LOCAL_PART,
  type DnsRecord,
  type SendingDomainBody,
  type SendingDomainResponse,
  type SendingDomainStatus,
  sendingDomainBody,
} from "@worker/organisation/contracts/sending-domain.ts";
import { Copy } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import useSWR from "swr";
import { copyText } from "../tools/copy-text.ts";
import { BusyButton } from "../ui/busy-button.tsx";
import { ConfirmDeleteDialog } from "../ui/confirm-delete-dialog.tsx";
import {
  errorMessage,
  fieldsOf,
  SubmitButton,
  showSubmitError,
  TextField,
  VERBATIM_INPUT,
} from "../ui/form-fields.tsx";
import { IconButton } from "../ui/icon-button.tsx";
import { toast } from "../ui/toast.ts";
import { useWorkspace } from "../workspaces/use-workspace.ts";
import { AdminNote } from "../workspaces/viewer-note.tsx";
import {
  checkSendingDomain,
  fetchSendingDomain,
  removeSendingDomain,
  SENDING_DOMAIN_PATH,
  saveSendingDomain,
} from "./sending-domain-api.ts";

/** Where the domain stands, in words a person acts on. */
const STATUS_WORDS: Readonly<Record<SendingDomainStatus, string>> = {
  not_started: "Not checked yet. Add the records below at your domain's DNS host, then check again.",
  pending:
    "Waiting for the records. New DNS records can take from a few minutes to 72 hours to be seen; check again later.",
  verified: "Verified. Releases go from your domain.",
  partially_verified: "Partly verified. Check again in a little while.",
  partially_failed: "Partly failed: some records were not found. Compare them with your DNS host's, then check again.",
  failed:
    "Not verified: the records were not found within 72 hours. Compare them with your DNS host's, then check again.",
  temporary_failure: "Records missing: they were found before but not now. Until they are back, releases go from Vox.",
};

const RECORD_STATUS: Readonly<Record<string, string>> = {
  verified: "Found",
  pending: "Looking",
  failed: "Not found",
  temporary_failure: "Missing",
  not_started: "Not checked",
};

type DomainValues = SendingDomainBody;

/** One record's row: its type, host name and value, each copied with a button. */
function RecordRow({ record, index }: { record: DnsRecord; index: number }) {
  const what = `${record.type} record ${index + 1}`;
  const copy = (text: string, part: string) =>
    copyText(text, `Copied the ${part} of the ${what}.`, "Select the text and copy it instead.");
  return (
    <tr>
      <th scope="row">
        {record.type}
        {record.priority !== null && <span className="sending-domain__note">priority {record.priority}</span>}
      </th>
      <td>
        <span className="sending-domain__copyable">
          <code>{record.name}</code>
          <IconButton label={`Copy the name of the ${what}`} icon={Copy} onClick={() => copy(record.name, "name")} />
        </span>
      </td>
      <td>
        <span className="sending-domain__copyable">
          <code>{record.value}</code>
          <IconButton label={`Copy the value of the ${what}`} icon={Copy} onClick={() => copy(record.value, "value")} />
        </span>
      </td>
      <td>{RECORD_STATUS[record.status] ?? record.status}</td>
    </tr>
  );
}

function RecordsTable({ domain, records }: { domain: string; records: readonly DnsRecord[] }) {
  const id = useId();
  return (
    // A data table keeps its columns; on a narrow screen the region scrolls instead of squeezing them.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable from the keyboard
    <section className="sending-domain__records" aria-labelledby={id} tabIndex={0}>
      <table>
        <caption id={id}>
          DNS records to add at {domain}'s DNS host (TTL: {records[0]?.ttl ?? "Auto"}, or your host's default)
        </caption>
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">Name</th>
            <th scope="col">Value</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {records.map((record, index) => (
            <RecordRow key={`${record.type}-${record.name}-${record.value}`} record={record} index={index} />
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The form that adds a domain, or renames the address of the one there is. */
function DomainForm({
  current,
  onSaved,
}: {
  current: SendingDomainResponse;
  onSaved: (saved: SendingDomainResponse) => void;
}) {
  const { register, handleSubmit, formState, setError } = useForm<DomainValues>({
    resolver: zodResolver(sendingDomainBody),
    mode: "onTouched",
    defaultValues: { domain: current.domain ?? "", local_part: current.local_part },
  });
  const onSubmit = handleSubmit(async (body) => {
    try {
      onSaved(await saveSendingDomain(body));
    } catch (error) {
      showSubmitError(error, setError, { domain: "domain", local_part: "local_part" });
    }
  });
  const field = fieldsOf(register, formState.errors);
  const adding = current.domain === null;
  return (
    <form className="sending-domain__form" onSubmit={onSubmit} noValidate>
      {adding && (
        <TextField
          label="Domain"
          hint="Such as news.example.com: a subdomain keeps release mail apart from your staff's."
          {...VERBATIM_INPUT}
          {...field("domain")}
        />
      )}
      <TextField
        label="Address before the @"
        hint={`Releases go from this address at your domain: ${DEFAULT_LOCAL_PART} unless you choose another.`}
        {...VERBATIM_INPUT}
        {...field("local_part")}
      />
      <SubmitButton submitting={formState.isSubmitting}>{adding ? "Add domain" : "Save address"}</SubmitButton>
    </form>
  );
}

/**
 * Settings › Profile: the organisation's own domain to send releases from. The owner adds it, copies
 * the DNS records to their DNS host, and checks again until it is verified; until then releases go
 * from Vox's address. An editor or viewer sees where releases go from and the records, not the
 * controls, which are an owner's or admin's.
 */
export function SendingDomainPanel() {
  const id = useId();
  const { role, canManage } = useWorkspace();
  // As with editing, the controls stay until the Worker has said the person may not use them.
  const manages = role === undefined || canManage;
  const {
    data,
    error: loadError,
    mutate,
  } = useSWR(SENDING_DOMAIN_PATH, fetchSendingDomain, {
    revalidateOnFocus: false,
  });
  const [checking, setChecking] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const saved = (next: SendingDomainResponse) => void mutate(next, { revalidate: false });

  const checkAgain = async () => {
    setChecking(true);
    try {
      saved(await checkSendingDomain());
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setChecking(false);
    }
  };
  const remove = async () => {
    setRemoving(true);
    try {
      saved(await removeSendingDomain());
      setConfirming(false);
      toast.success("Domain removed. Releases go from Vox's address again.");
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setRemoving(false);
    }
  };

  return (
    <section className="sending-domain" aria-labelledby={`${id}-title`} aria-busy={!data && !loadError}>
      <h2 id={`${id}-title`}>Sending domain</h2>
      {loadError ? (
        <p className="field__error" role="alert">
          Your sending domain could not be loaded. Refresh the page to try again.
        </p>
      ) : data ? (
        <>
          <p className="muted">
            Releases go from <strong className="sending-domain__from">{data.from}</strong>.
          </p>
          {data.domain !== null && data.status !== null && (
            <>
              <p role="status" className="sending-domain__status">
                <strong>{data.domain}:</strong> {STATUS_WORDS[data.status]}
              </p>
              <RecordsTable domain={data.domain} records={data.records} />
              {manages && (
                <div className="sending-domain__actions">
                  <BusyButton
                    className="button button--primary"
                    busy={checking}
                    busyLabel="Checking…"
                    onClick={checkAgain}
                  >
                    Check again
                  </BusyButton>
                  <button type="button" className="button button--ghost" onClick={() => setConfirming(true)}>
                    Remove domain
                  </button>
                </div>
              )}
            </>
          )}
          {manages ? <DomainForm key={data.domain ?? ""} current={data} onSaved={saved} /> : <AdminNote />}
          {confirming && data.domain && (
            <ConfirmDeleteDialog
              title={`Remove ${data.domain}?`}
              description="Releases will go from Vox's address again. To send from it later, add it again and publish its new records."
              busy={removing}
              onCancel={() => setConfirming(false)}
              onConfirm={remove}
            />
          )}
        </>
      ) : null}
    </section>
  );
}
