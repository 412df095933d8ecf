import { lazy, Suspense, useEffect } from "react";
import { Outlet, useLocation, useNavigate } from "react-router-dom";
import { PAYMENT_REQUIRED_EVENT, UNAUTHORIZED_EVENT, useStoredUser } from "../api/session.ts";
import { announceReady } from "../early-input.ts";
import { PATHS } from "../paths.ts";
import { FullPageSpinner } from "../ui/full-page-spinner.tsx";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import { MobileCta } from "./mobile-cta.tsx";
import { ModalProvider } from "./modals.tsx";
import { Toaster } from "./toaster.tsx";

// The session check needs the API client: it loads after the page, not before it.
const SessionRefresher = lazy(() => import("../account/session-refresher.tsx"));

/** Inside the page's Suspense boundary, so its effect runs once the page itself has hydrated. */
function PageReady() {
  useEffect(() => announceReady("page"), []);
  return null;
}

export function Layout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const signedIn = useStoredUser() !== null;
  // Every page sits on the background image except /about, which is plain white.
  const plain = pathname === PATHS.about;
  // A new page starts at its top, as a full page load would.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page change is the trigger, not an input
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  // A 401/403 from the API has cleared the session; authorization failures go to /.
  // A 402 keeps the session and sends the user to choose a plan.
  useEffect(() => {
    const goHome = () => navigate(PATHS.home);
    const goToPricing = (event: Event) => {
      const message = event instanceof CustomEvent && typeof event.detail === "string" ? event.detail : "";
      import("sonner").then(({ toast }) => toast.error(message || "Choose a plan to keep using Vox tools."));
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
      <div className={plain ? "page page--plain" : "page page--backdrop"}>
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
        <MobileCta />
      </div>
      <Toaster />
      <Suspense fallback={null}>{signedIn && <SessionRefresher />}</Suspense>
    </ModalProvider>
  );
}
