import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useState } from "react";

export type ModalName = "login" | "consultation" | "contact";

interface ModalContextValue {
  readonly openModal: (name: ModalName) => void;
  readonly closeModal: () => void;
}

const ModalContext = createContext<ModalContextValue | null>(null);

// Dialog code (and its accessibility library) loads on first open, not with the page.
const PendingFormDialog = lazy(() => import("./pending-form-dialog.tsx"));

export function ModalProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<ModalName | null>(null);
  const closeModal = useCallback(() => setOpen(null), []);
  const value = useMemo(() => ({ openModal: setOpen, closeModal }), [closeModal]);
  return (
    <ModalContext.Provider value={value}>
      {children}
      {open && (
        <Suspense fallback={null}>
          <PendingFormDialog name={open} onClose={closeModal} />
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
