import { createContext, useContext } from "react";

/**
 * The dialogs' shared vocabulary, apart from the registry that loads them (`app/modals.tsx`), so a
 * dialog can open another without importing the module that imports it.
 */

export type ModalName = "login" | "signup" | "verifyEmail" | "forgot" | "verify" | "reset" | "consultation" | "contact";

/** Where a signed-in person asked to log in (the spec's reversed check) goes on to. */
export interface ContinueTo {
  readonly label: string;
  readonly path: string;
}

export interface ModalOptions {
  /** The e-mail a recovery or verification step carries to the next one. */
  readonly email?: string;
  readonly continueTo?: ContinueTo;
}

export interface OpenModal extends ModalOptions {
  readonly name: ModalName;
}

interface ModalContextValue {
  /** Opens `name`, closing whichever modal was open; choosing a link in one dialog closes it. */
  readonly openModal: (name: ModalName, options?: ModalOptions) => void;
  readonly closeModal: () => void;
}

export const ModalContext = createContext<ModalContextValue | null>(null);

export interface DialogProps {
  readonly modal: OpenModal;
  readonly onClose: () => void;
}

export function useModals(): ModalContextValue {
  const value = useContext(ModalContext);
  if (!value) throw new Error("useModals must be used inside <ModalProvider>");
  return value;
}
