import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { FormEvent, ReactNode } from "react";
import { useInertBackground } from "./use-inert-background.ts";

interface DialogProps {
  readonly title: string;
  readonly description?: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  /** Reports and other reading matter get a wider frame than forms. */
  readonly wide?: boolean;
}

/**
 * A form dialog opens on its first field, so what a person types at once lands there; reading
 * matter (`wide`) opens on its close button, as Radix would.
 */
function focusFirstField(event: Event) {
  const field = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(
    "form input:not([type=hidden]):not([disabled]), form textarea:not([disabled]), form select:not([disabled])",
  );
  if (!field) return;
  event.preventDefault();
  field.focus();
}

/**
 * A dialog is drawn outside the page's DOM but stays inside its React tree, where events bubble
 * on: a form submitted in a dialog opened from within another form (a speaker renamed in the
 * report the sentiment form opened) would submit that form too.
 */
const keepSubmitInside = (event: FormEvent) => event.stopPropagation();

/** The one modal frame: focus trap, Escape, labelled title and a close icon. */
export function Dialog({ title, description, onClose, children, wide = false }: DialogProps) {
  useInertBackground();
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className={wide ? "dialog dialog--wide" : "dialog"}
          onSubmit={keepSubmitInside}
          {...(wide ? {} : { onOpenAutoFocus: focusFirstField })}
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
