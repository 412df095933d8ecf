import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";

/** The spinner shown before navigating from Get Started and the solution cards. */
const NAVIGATION_SPINNER_MS = 1500;

export function useDelayedNavigate(): { pending: boolean; navigateAfterSpinner: (to: string) => void } {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const navigateAfterSpinner = useCallback(
    (to: string) => {
      setPending(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        setPending(false);
        navigate(to);
      }, NAVIGATION_SPINNER_MS);
    },
    [navigate],
  );
  return { pending, navigateAfterSpinner };
}
