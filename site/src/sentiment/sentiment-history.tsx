import { formatBytes } from "@worker/recordings/contracts/media.ts";
import type { SentimentJobList } from "@worker/reports/contracts/sentiment.ts";
import { JobHistory, type JobWords } from "../jobs/job-history.tsx";
import { useWorkspace } from "../workspaces/use-workspace.ts";

type Item = SentimentJobList["items"][number];

const WORDS: JobWords<Item> = {
  heading: "Your past reports",
  headingId: "sentiment-history",
  working: "Analysing",
  deleteLabel: (item) => `Delete the report on ${item.file_name}`,
  confirmTitle: "Delete this report?",
  confirmDescription: (item) =>
    item.recording_id
      ? `The report will be deleted for good. The recording “${item.file_name}” stays in your recordings.`
      : item.recording_kept
        ? `The report and the recording “${item.file_name}” will be deleted for good, freeing ${formatBytes(item.bytes)}.`
        : `The report on “${item.file_name}” will be deleted for good.`,
  deleted: "Report deleted",
};

interface Props {
  readonly list: SentimentJobList;
  readonly onOpen: (id: string) => void;
  readonly onDeleted: (id: string) => void;
}

/** Kept sentiment reports: open one to read or export it again, or (not a viewer) delete it. */
export function SentimentHistory({ list, onOpen, onDeleted }: Props) {
  const { canEdit } = useWorkspace();
  return (
    <JobHistory
      kind="sentiment"
      items={list.items}
      words={WORDS}
      canOpen={(item) => item.status === "completed"}
      onOpen={onOpen}
      onDeleted={onDeleted}
      canDelete={canEdit}
    />
  );
}
