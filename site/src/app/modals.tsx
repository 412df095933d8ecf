import { lazy, type ReactNode, Suspense, useCallback, useMemo, useState } from "react";
import { ModalContext, type ModalName, type ModalOptions, type OpenModal } from "../ui/modal-context.ts";

// Each dialog (and the form and dialog libraries) loads on first open, not with the page.
const DIALOGS = {
  login: lazy(() => import("../account/login-dialog.tsx")),
  signup: lazy(() => import("../account/signup-dialog.tsx")),
  verifyEmail: lazy(() => import("../account/verify-email-dialog.tsx")),
  forgot: lazy(() => import("../account/forgot-password-dialog.tsx")),
  verify: lazy(() => import("../account/verify-otp-dialog.tsx")),
  reset: lazy(() => import("../account/reset-password-dialog.tsx")),
  consultation: lazy(() => import("../contact/contact-dialog.tsx")),
  contact: lazy(() => import("../contact/contact-dialog.tsx")),
} as const;

export function ModalProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<OpenModal | null>(null);
  const closeModal = useCallback(() => setOpen(null), []);
  const openModal = useCallback((name: ModalName, options?: ModalOptions) => setOpen({ name, ...options }), []);
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
