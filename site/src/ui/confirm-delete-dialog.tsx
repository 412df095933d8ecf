import { BusyButton } from "./busy-button.tsx";
import { Dialog } from "./dialog.tsx";

interface ConfirmDeleteDialogProps {
  readonly title: string;
  /** What is lost for good, in the user's words (file name, space freed). */
  readonly description: string;
  readonly busy: boolean;
  readonly onCancel: () => void;
  readonly onConfirm: () => void;
}

/** The one "delete for good?" question every kept item (release, report, transcript) asks. */
export function ConfirmDeleteDialog({ title, description, busy, onCancel, onConfirm }: ConfirmDeleteDialogProps) {
  return (
    <Dialog title={title} description={description} onClose={onCancel}>
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Keep it
        </button>
        <BusyButton className="button button--danger" busy={busy} busyLabel="Deleting…" onClick={onConfirm}>
          Delete
        </BusyButton>
      </div>
    </Dialog>
  );
}
