import type { CoverageItem } from "@worker/press-releases/contracts/coverage.ts";
import { Trash2 } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import useSWR from "swr";
import { errorMessage, fieldsOf, showServerFieldErrors, TextField } from "../ui/form-fields.tsx";
import { formatDay } from "../ui/format-when.ts";
import { IconButton } from "../ui/icon-button.tsx";
import { toast } from "../ui/toast.ts";
import { TOAST_MS } from "../ui/toast-timing.ts";
import { useWorkspace } from "../workspaces/use-workspace.ts";
import { coveragePath, fetchCoverage, logCoverage, removeCoverage } from "./coverage-api.ts";

type CoverageValues = Pick<CoverageItem, "url" | "outlet" | "published_at">;

/** Today in Lagos, as a date field writes it (YYYY-MM-DD): the day a piece that ran today is dated. */
const lagosToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(new Date());

/**
 * Where the release ran, as the person logs it: each article or broadcast with its outlet and day,
 * newest first, so the desk can show a client what a release earned. A viewer reads the log
 * without adding to it or removing from it.
 */
export function CoverageLog({ releaseId }: { releaseId: string }) {
  const id = useId();
  const { canEdit } = useWorkspace();
  const path = coveragePath(releaseId);
  const { data, error: loadError, mutate } = useSWR(path, fetchCoverage, { revalidateOnFocus: false });
  const { register, handleSubmit, formState, setError, reset, setFocus } = useForm<CoverageValues>({
    defaultValues: { url: "", outlet: "", published_at: lagosToday() },
  });
  // Focus goes back to the address once the emptied form has rendered, ready for the next piece.
  const [logged, setLogged] = useState(0);
  useEffect(() => {
    if (logged > 0) setFocus("url");
  }, [logged, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const item = await logCoverage(releaseId, values);
      await mutate({
        items: [item, ...(data?.items ?? [])].sort((a, b) => b.published_at.localeCompare(a.published_at)),
      });
      reset({ url: "", outlet: "", published_at: values.published_at });
      setLogged((count) => count + 1);
      toast.success(`Logged ${item.outlet}`, { duration: TOAST_MS });
    } catch (failure) {
      showServerFieldErrors(failure, setError, { url: "url", outlet: "outlet", published_at: "published_at" });
      toast.error(errorMessage(failure), { duration: TOAST_MS });
    }
  });

  const remove = async (item: CoverageItem) => {
    try {
      await removeCoverage(releaseId, item.id);
      await mutate({ items: (data?.items ?? []).filter((kept) => kept.id !== item.id) });
      toast.success(`Removed ${item.outlet}`, { duration: TOAST_MS });
    } catch (failure) {
      toast.error(errorMessage(failure), { duration: TOAST_MS });
    }
  };

  const field = fieldsOf(register, formState.errors);
  return (
    <section className="release__coverage" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Coverage</h3>
      {loadError && (
        <p className="field__error" role="alert">
          The coverage could not be loaded. Refresh the page to try again.
        </p>
      )}
      {data && data.items.length === 0 && <p className="muted">No coverage logged yet.</p>}
      {data && data.items.length > 0 && (
        <ul className="history" aria-label="Coverage of this release">
          {data.items.map((item) => (
            <li key={item.id} className="history__item">
              <span className="history__text">
                <a href={item.url} rel="noopener noreferrer" target="_blank">
                  {item.outlet}
                </a>
                <span className="history__preview muted">{formatDay(item.published_at)}</span>
              </span>
              {canEdit && (
                <span className="history__actions">
                  <IconButton
                    label={`Remove ${item.outlet} (${item.url})`}
                    icon={Trash2}
                    onClick={() => remove(item)}
                  />
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && (
        <form className="release__coverage-form" onSubmit={onSubmit} noValidate aria-label="Log coverage">
          <TextField label="Article or broadcast address" type="url" inputMode="url" {...field("url")} />
          <TextField label="Outlet" {...field("outlet")} />
          <TextField label="Day it ran" type="date" max={lagosToday()} {...field("published_at")} />
          <button
            type="submit"
            className="button button--ghost"
            disabled={formState.isSubmitting}
            aria-busy={formState.isSubmitting}
          >
            Log coverage
          </button>
        </form>
      )}
    </section>
  );
}
