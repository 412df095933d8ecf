import { useState } from "react";
import { errorMessage } from "../ui/form-fields.tsx";
import { saveAutoRenew, useBilling } from "./use-billing.ts";

/** Auto-renew on or off (`PATCH /api/billing`), with the outcome announced. */
export function AutoRenewSwitch({ on }: { on: boolean }) {
  const { mutate } = useBilling();
  const [saving, setSaving] = useState(false);
  const [announcement, setAnnouncement] = useState("");

  const change = async (next: boolean) => {
    setSaving(true);
    try {
      await mutate(saveAutoRenew(next), { revalidate: false });
      setAnnouncement(next ? "Auto-renew is on." : "Auto-renew is off: your plan will end with this period.");
    } catch (error) {
      setAnnouncement(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="switch-field">
      <input
        id="auto-renew"
        type="checkbox"
        role="switch"
        className="switch-field__input"
        checked={on}
        aria-checked={on}
        disabled={saving}
        aria-busy={saving}
        onChange={(event) => change(event.target.checked)}
      />
      <label htmlFor="auto-renew">Auto-renew</label>
      <p className="muted" role="status">
        {announcement}
      </p>
    </div>
  );
}
