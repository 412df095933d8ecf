import type { PressReleaseList as List } from "@worker/press-releases/contracts/press-releases.ts";
import { formatBytes } from "@worker/recordings/contracts/media.ts";
import { JobHistory, type JobWords } from "../jobs/job-history.tsx";
import { useWorkspace } from "../workspaces/use-workspace.ts";

type Item = List["items"][number];

const WORDS: JobWords<Item> = {
  heading: "Your press releases",
  headingId: "release-history",
  working: "Writing",
  deleteLabel: (item) => `Delete the press release from ${item.file_name}`,
  confirmTitle: "Delete this press release?",
  confirmDescription: (item) =>
    item.recording_id
      ? `The release will be deleted for good. The recording “${item.file_name}” stays in your recordings.`
      : `The release and the recording “${item.file_name}” will be deleted for good, freeing ${formatBytes(item.bytes)}.`,
  deleted: "Press release deleted",
};

interface Props {
  readonly list: List;
  readonly selectedId: string | null;
  readonly onSelect: (id: string) => void;
  readonly onDeleted: (id: string) => void;
}

/** Past press releases with their state, storage used against the plan, open and (not a viewer) delete. */
export function PressReleaseList({ list, selectedId, onSelect, onDeleted }: Props) {
  const { used_bytes: used, quota_bytes: quota } = list.storage;
  const { canEdit } = useWorkspace();
  return (
    <JobHistory
      kind="press_release"
      items={list.items}
      words={WORDS}
      selectedId={selectedId}
      onOpen={onSelect}
      onDeleted={onDeleted}
      canDelete={canEdit}
      summary={
        <p className="storage">
          {quota === null ? (
            <>{formatBytes(used)} of recordings stored (unlimited on your plan)</>
          ) : (
            <>
              <meter min={0} max={quota} value={used} aria-label="Storage used" className="storage__meter" />
              {formatBytes(used)} of {formatBytes(quota)} storage used
            </>
          )}
        </p>
      }
      empty={
        <p className="muted">
          {canEdit ? "None yet. Upload a recording above and your press releases will be kept here." : "None yet."}
        </p>
      }
    />
  );
}
