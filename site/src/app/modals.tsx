import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useState } from "react";

export type ModalName = "login" | "signup" | "forgot" | "verify" | "reset" | "consultation" | "contact";

export interface OpenModal {
  readonly name: ModalName;
  /** The e-mail a recovery step carries to the next one. */
  readonly email?: string;
}

interface ModalContextValue {
  /** Opens `name`, closing whichever modal was open (spec §2: choosing a link closes the login modal). */
  readonly openModal: (name: ModalName, options?: { email?: string }) => void;
  readonly closeModal: () => void;
}

const ModalContext = createContext<ModalContextValue | null>(null);

// Each dialog (and the form and dialog libraries) loads on first open, not with the page.
const DIALOGS = {
  login: lazy(() => import("../account/login-dialog.tsx")),
  signup: lazy(() => import("../account/signup-dialog.tsx")),
  forgot: lazy(() => import("../account/forgot-password-dialog.tsx")),
  verify: lazy(() => import("../account/verify-otp-dialog.tsx")),
  reset: lazy(() => import("../account/reset-password-dialog.tsx")),
  consultation: lazy(() => import("../contact/contact-dialog.tsx")),
  contact: lazy(() => import("../contact/contact-dialog.tsx")),
} as const;

export interface DialogProps {
  readonly modal: OpenModal;
  readonly onClose: () => void;
}

export function ModalProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<OpenModal | null>(null);
  const closeModal = useCallback(() => setOpen(null), []);
  const openModal = useCallback((name: ModalName, options?: { email?: string }) => setOpen({ name, ...options }), []);
  const value = useMemo(() => ({ openModal, closeModal }), [openModal, closeModal]);
  const Dialog = open ? DIALOGS[open.name] : null;
  return (
    <ModalContext.Provider value={value}>
      {children}
      {open && Dialog && (
        <Suspense fallback={null}>
          <Dialog key={open.name} modal={open} onClose={closeModal} />
        </Suspense>
      )}
    </ModalContext.Provider>
  );
}

export function useModals(): ModalContextValue {
  const value = useContext(ModalContext);
  if (!value) throw new Error("useModals must be used inside <ModalProvider>");
  return value;
}
