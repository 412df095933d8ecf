import { lazy, Suspense, useEffect, useRef } from "react";
import { Outlet, useLocation, useNavigate } from "react-router-dom";
import { PAYMENT_REQUIRED_EVENT, UNAUTHORIZED_EVENT, useStoredUser } from "../api/session.ts";
import { announceReady } from "../early-input.ts";
import { PATHS } from "../paths.ts";
import { FullPageSpinner } from "../ui/full-page-spinner.tsx";
import { toast } from "../ui/toast.ts";
import { useHydrated } from "../ui/use-hydrated.ts";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import { MobileCta } from "./mobile-cta.tsx";
import { ModalProvider } from "./modals.tsx";

// Toasts only ever follow an action, and the session check needs the API client: both load once
// the page answers input, not before it.
const Toaster = lazy(() => import("./toaster.tsx"));
const SessionRefresher = lazy(() => import("../account/session-refresher.tsx"));

/**
 * Inside the page's Suspense boundary, so its effect runs once the page itself has hydrated, and
 * after the effects of the page's own parts (a tool that restores or resets its state on mount):
 * a press replayed earlier could be undone by them.
 */
function PageReady() {
  useEffect(() => announceReady(), []);
  return null;
}

export function Layout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const signedIn = useStoredUser() !== null;
  const hydrated = useHydrated();
  // Every page sits on the background image except /about, which is plain white.
  const plain = pathname === PATHS.about;
  // A caption link is read on a phone held up in a hall: nothing of the site sticks over the
  // newest line (no Get Started bar, a header that scrolls away).
  const captions = pathname === PATHS.watch || pathname.startsWith(`${PATHS.watch}/`);
  // A new page starts at its top, as a full page load would. The page the browser loaded keeps the
  // place its visitor scrolled to before it hydrated (scrolling it away hid the voice list, which
  // loads only once in view).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  // A 401/403 from the API has cleared the session; authorization failures go to /.
  // A 402 keeps the session and sends the user to choose a plan.
  useEffect(() => {
    const goHome = () => navigate(PATHS.home);
    const goToPricing = (event: Event) => {
      const message = event instanceof CustomEvent && typeof event.detail === "string" ? event.detail : "";
      toast.error(message || "Choose a plan to keep using Vox tools.");
      navigate(PATHS.pricing);
    };
    window.addEventListener(UNAUTHORIZED_EVENT, goHome);
    window.addEventListener(PAYMENT_REQUIRED_EVENT, goToPricing);
    return () => {
      window.removeEventListener(UNAUTHORIZED_EVENT, goHome);
      window.removeEventListener(PAYMENT_REQUIRED_EVENT, goToPricing);
    };
  }, [navigate]);

  return (
    <ModalProvider>
      <div className={`page ${plain ? "page--plain" : "page--backdrop"}${captions ? " page--captions" : ""}`}>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <Header />
        <main id="main" className="page__main" tabIndex={-1}>
          <Suspense fallback={<FullPageSpinner />}>
            <Outlet />
            <PageReady />
          </Suspense>
        </main>
        <Footer />
        {!captions && <MobileCta />}
      </div>
      {hydrated && (
        <Suspense fallback={null}>
          <Toaster />
          {signedIn && <SessionRefresher />}
        </Suspense>
      )}
    </ModalProvider>
  );
}
