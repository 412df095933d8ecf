import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { toast } from "sonner";
import { STORAGE_KEYS, storeUser } from "../account/session.ts";
import { verifyPayment } from "../api/payments.ts";
import { PATHS } from "../app/paths.ts";
import { errorMessage } from "../ui/form-fields.tsx";

/**
 * Back from checkout (spec §4): verify the reference, show the server's message, clear the stored
 * amount, refresh the user, and replace the history entry with a clean /pricing.
 */
export function usePaymentReturn(): boolean {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const reference = params.get("reference") ?? params.get("trxref");
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!reference || handled.current === reference) return;
    handled.current = reference;
    const total = localStorage.getItem(STORAGE_KEYS.amount) ?? "";
    verifyPayment(reference, total)
      .then(({ message, data }) => {
        storeUser(data);
        toast.success(message);
      })
      .catch((error: unknown) => toast.error(errorMessage(error)))
      .finally(() => {
        localStorage.removeItem(STORAGE_KEYS.amount);
        navigate(PATHS.pricing, { replace: true });
      });
  }, [reference, navigate]);

  return reference !== null;
}
