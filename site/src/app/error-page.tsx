import type { FallbackProps } from "react-error-boundary";
import { Link } from "react-router-dom";
import { PATHS } from "../paths.ts";
import { DocumentTitle } from "../ui/document-title.tsx";
import { Logo } from "./logo.tsx";

function ErrorCard({ title, detail, onHome }: { title: string; detail: string; onHome?: () => void }) {
  return (
    <div className="error-page__card">
      <Logo onNavigate={onHome} />
      <h1>{title}</h1>
      <p className="error-page__detail">{detail}</p>
      <Link to={PATHS.home} className="button button--primary" onClick={onHome}>
        Back to the home page
      </Link>
    </div>
  );
}

/**
 * Unknown addresses: shown inside the layout, so the navigation stays at hand. Said plainly, so a
 * mistyped link does not read like a crash.
 */
export function NotFoundPage() {
  return (
    <div className="error-page">
      <DocumentTitle>Page not found · Vox</DocumentTitle>
      <ErrorCard
        title="Page not found"
        detail="There is no page at this address. It may have moved, or the link may be mistyped."
      />
    </div>
  );
}

/**
 * Errors thrown while rendering: shown on its own, since the layout itself may be what failed.
 * Going home resets the boundary.
 */
export function CrashPage({ error, resetErrorBoundary }: FallbackProps) {
  return (
    <div className="page page--backdrop error-page error-page--standalone">
      <main>
        <ErrorCard
          // The router's generic fallback heading, which the specification keeps for real crashes.
          title="Unexpected Application Error!"
          detail={error instanceof Error ? error.message : "Something went wrong while showing this page."}
          onHome={resetErrorBoundary}
        />
      </main>
    </div>
  );
}
