import type { ReactNode } from "react";

interface BusyButtonProps {
  readonly className: string;
  /** The action is under way: the button cannot start it twice, and says so. */
  readonly busy: boolean;
  /** What the button reads while `busy`, such as "Checking…". */
  readonly busyLabel: string;
  readonly onClick: () => void;
  readonly children: ReactNode;
}

/** A button whose action takes a while: disabled and `aria-busy` until it is done, reading `busyLabel` meanwhile. */
export function BusyButton({ className, busy, busyLabel, onClick, children }: BusyButtonProps) {
  return (
    <button type="button" className={className} onClick={onClick} disabled={busy} aria-busy={busy}>
      {busy ? busyLabel : children}
    </button>
  );
}
