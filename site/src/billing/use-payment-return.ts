import { API } from "@contracts/api-paths.ts";
import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { useSWRConfig } from "swr";
import { STORAGE_KEYS, storeUser } from "../api/session.ts";
import { PATHS } from "../paths.ts";
import { toast } from "../ui/toast.ts";
import { useHydrated } from "../ui/use-hydrated.ts";

// Only a return from checkout needs these; a visit to /pricing does not download them.
const verifying = () => Promise.all([import("./payments-api.ts"), import("../ui/form-fields.tsx")]);

/**
 * Back from checkout: verify the reference, show the server's message, clear the stored
 * amount, refresh the user, and replace the history entry with a clean /pricing.
 */
export function usePaymentReturn(): boolean {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const reference = params.get("reference") ?? params.get("trxref");
  const handled = useRef<string | null>(null);
  const hydrated = useHydrated();

  useEffect(() => {
    if (!reference || handled.current === reference) return;
    handled.current = reference;
    const total = localStorage.getItem(STORAGE_KEYS.amount) ?? "";
    verifying().then(([{ verifyPayment }, { errorMessage }]) =>
      verifyPayment(reference, total)
        .then(({ message, data }) => {
          storeUser(data);
          // A plan held before this payment (an upgrade) was read before the payment counted.
          mutate((key) => Array.isArray(key) && key[0] === API.billing.path.summary);
          toast.success(message);
        })
        .catch((error: unknown) => toast.error(errorMessage(error)))
        .finally(() => {
          localStorage.removeItem(STORAGE_KEYS.amount);
          navigate(PATHS.pricing, { replace: true });
        }),
    );
  }, [reference, navigate, mutate]);

  return hydrated && reference !== null;
}
