import type { PublicationState } from "@worker/newsroom/contracts/newsroom.ts";
import { embargoTime } from "@worker/press-releases/contracts/release-options.ts";
import { type FormEvent, useId, useState } from "react";
import useSWR from "swr";
import { formatWhen } from "../ui/format-when.ts";
import { useWorkspace } from "../workspaces/use-workspace.ts";
import { fetchPublication, publicationPath, publishRelease, takeDownRelease } from "./publish-api.ts";

/**
 * Puts a finished release on the account's public newsroom, now or under an embargo that lifts by
 * itself, shows its address and whether it is public yet, and takes it down. A viewer sees where
 * it stands and its address, not Publish or Take down.
 */
export function PublishControl({ releaseId }: { releaseId: string }) {
  const id = useId();
  const { canEdit } = useWorkspace();
  const path = publicationPath(releaseId);
  const { data, error: loadError, mutate } = useSWR(path, fetchPublication, { revalidateOnFocus: false });
  const [embargoed, setEmbargoed] = useState(false);
  const [embargo, setEmbargo] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function act(change: () => Promise<PublicationState>) {
    setBusy(true);
    setError(null);
    try {
      await mutate(await change(), { revalidate: false });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "That did not work. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  const publish = (event: FormEvent) => {
    event.preventDefault();
    if (embargoed && !embargo) {
      setError("Choose the date and time the embargo ends.");
      return;
    }
    // The field is the person's local time; the Worker takes an absolute one.
    void act(() => publishRelease(releaseId, embargoed ? new Date(embargo).toISOString() : null));
  };
  const takeDown = () =>
    act(async () => {
      await takeDownRelease(releaseId);
      return { url: null, status: "draft", publish_at: null };
    });

  return (
    <section className="release__publish" aria-labelledby={`${id}-title`} aria-busy={!data && !loadError}>
      <h3 id={`${id}-title`}>Newsroom</h3>
      {loadError && (
        <p className="field__error" role="alert">
          Whether this release is on your newsroom could not be loaded. Refresh the page to try again.
        </p>
      )}
      {data && (
        <p role="status">
          {data.status === "draft" ? (
            "This release is not on your newsroom."
          ) : (
            <>
              {data.status === "published"
                ? `Published ${formatWhen(data.publish_at)}: `
                : // As the release's own embargo line and the e-mail write it, in Lagos time.
                  `Scheduled: not public until ${embargoTime(data.publish_at)}. Its address: `}
              <a href={data.url} className="release__publish-link">
                {data.url}
              </a>
            </>
          )}
        </p>
      )}
      {canEdit && data?.status === "draft" && (
        <form className="release__publish-form" onSubmit={publish} noValidate>
          <label className="checkbox">
            <input type="checkbox" checked={embargoed} onChange={(event) => setEmbargoed(event.target.checked)} />
            Hold it under embargo
          </label>
          {embargoed && (
            <div className="field">
              <label className="field__label" htmlFor={`${id}-embargo`}>
                Embargo until (your local time)
              </label>
              <input
                id={`${id}-embargo`}
                className="field__input"
                type="datetime-local"
                value={embargo}
                onChange={(event) => setEmbargo(event.target.value)}
              />
            </div>
          )}
          <button type="submit" className="button button--primary" disabled={busy}>
            {embargoed ? "Publish under embargo" : "Publish now"}
          </button>
        </form>
      )}
      {canEdit && data && data.status !== "draft" && (
        <button type="button" className="button button--ghost" disabled={busy} onClick={takeDown}>
          Take down
        </button>
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
