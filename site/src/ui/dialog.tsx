import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { useInertBackground } from "./use-inert-background.ts";

interface DialogProps {
  readonly title: string;
  readonly description?: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  /** Reports and other reading matter get a wider frame than forms. */
  readonly wide?: boolean;
}

/** The one modal frame: focus trap, Escape, labelled title and a close icon. */
export function Dialog({ title, description, onClose, children, wide = false }: DialogProps) {
  useInertBackground();
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className={wide ? "dialog dialog--wide" : "dialog"}
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <header className="dialog__header">
            <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
            <RadixDialog.Close className="icon-button" aria-label="Close">
              <X aria-hidden="true" size={20} />
            </RadixDialog.Close>
          </header>
          {description && (
            <RadixDialog.Description className="dialog__description">{description}</RadixDialog.Description>
          )}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
