import { Dialog } from "../ui/dialog.tsx";
import type { ModalName } from "./modals.tsx";

const TITLES: Record<ModalName, string> = {
  login: "Login",
  consultation: "Request Consultation",
  contact: "Contact Us",
};

/**
 * Accounts and the consultation/contact forms are not built yet (issue #3). Until they are, the
 * modals open and say so plainly instead of showing a form that cannot submit.
 */
export default function PendingFormDialog({ name, onClose }: { name: ModalName; onClose: () => void }) {
  return (
    <Dialog
      title={TITLES[name]}
      description="This form is not available yet. It opens with Vox accounts in our next release."
      onClose={onClose}
    >
      <div className="dialog__actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          Got it
        </button>
      </div>
    </Dialog>
  );
}
