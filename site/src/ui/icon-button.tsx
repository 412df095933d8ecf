import type { LucideIcon } from "lucide-react";
import type { Ref } from "react";

interface IconButtonProps {
  /** What the button does, for screen readers and as its tooltip: the icon alone says nothing. */
  readonly label: string;
  readonly icon: LucideIcon;
  readonly onClick: () => void;
  readonly disabled?: boolean;
  /** For giving focus back to the button once what it opened closes. */
  readonly ref?: Ref<HTMLButtonElement>;
}

/** A button drawn as an 18 px icon: play, download, rename, delete, step through matches. */
export function IconButton({ label, icon: Icon, onClick, disabled, ref }: IconButtonProps) {
  return (
    <button ref={ref} type="button" className="icon-button" aria-label={label} disabled={disabled} onClick={onClick}>
      <Icon aria-hidden="true" size={18} />
    </button>
  );
}
