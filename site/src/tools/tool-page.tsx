import { TRIAL_DAYS } from "@worker/billing/contracts/plans.ts";
import { ArrowDown, CheckCircle2 } from "lucide-react";
import { lazy, type ReactNode, Suspense } from "react";
import { Link } from "react-router-dom";
import { useStoredUser } from "../api/session.ts";
import { PATHS } from "../paths.ts";
import { DocumentTitle } from "../ui/document-title.tsx";
import { useModals } from "../ui/modal-context.ts";
import type { Tool } from "./catalog.ts";
import { TOOL_CONTENT } from "./tool-content.ts";
import { ToolName } from "./tool-name.tsx";

interface ToolPageProps {
  readonly tool: Tool;
  /** The working tool, where it is built; pages without one show their description alone. */
  readonly children?: ReactNode;
  /** Shown below the tool, e.g. the history of what it made. */
  readonly after?: ReactNode;
}

/** Where "Try it" leads: the tool's heading, so the jump lands focus at the start of the form. */
const TRY_IT_ID = "try-it";

// Only unverified accounts ever see it, so it is fetched when needed.
const VerifyEmailGate = lazy(() => import("../account/verify-email-gate.tsx"));

/** The frame every tool route shares: title, description, use cases and the consultation button. */
export function ToolPage({ tool, children, after }: ToolPageProps) {
  const { openModal } = useModals();
  const content = TOOL_CONTENT[tool.id];
  const user = useStoredUser();
  // A paid plan (status 1) opens the tools whatever the address; a trial waits for the e-mail code.
  const mustVerify = user?.email_verified === false && user.subscription_status !== 1 && Boolean(user.email);
  return (
    <article className="tool-page">
      <DocumentTitle>{`${tool.name} · Vox`}</DocumentTitle>
      <header className="tool-hero">
        <span className="tool-hero__icon" aria-hidden="true">
          <tool.icon size={28} />
        </span>
        <p className="eyebrow">
          <ToolName tool={tool} />
        </p>
        <h1>{content.headline}</h1>
        {children && (
          // On a phone the introduction fills the first screen: a plain link (working before the
          // page hydrates) jumps to the tool and, the target being focusable, moves focus there.
          <a className="button button--primary try-it" href={`#${TRY_IT_ID}`}>
            Try it <ArrowDown aria-hidden="true" size={18} />
          </a>
        )}
        <p className="lead">{content.description}</p>
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={() => openModal("consultation")}>
            Request free consultation
          </button>
          <Link to={PATHS.pricing} className="button button--ghost">
            See plans
          </Link>
        </div>
      </header>
      {children && (
        <section className="tool-workspace" aria-labelledby={TRY_IT_ID}>
          <h2 id={TRY_IT_ID} className="visually-hidden tool-workspace__title" tabIndex={-1}>
            Try {tool.name}
          </h2>
          {/* Tools load after the page, so the description paints without waiting for them. */}
          <Suspense
            fallback={
              <p className="muted" role="status">
                <span className="spinner spinner--small" aria-hidden="true" /> Loading {tool.name}…
              </p>
            }
          >
            {mustVerify ? <VerifyEmailGate email={user?.email ?? ""} toolName={tool.name} /> : children}
          </Suspense>
        </section>
      )}
      <Suspense fallback={null}>{after}</Suspense>
      <section className="panel" aria-labelledby={`${tool.id}-use-cases`}>
        <h2 id={`${tool.id}-use-cases`}>What people use {tool.name} for</h2>
        <ul className="check-list">
          {content.useCases.map((useCase) => (
            <li key={useCase}>
              <CheckCircle2 aria-hidden="true" size={20} />
              {useCase}
            </li>
          ))}
        </ul>
        <p className="muted">
          Included in every plan, with free access for the first {TRIAL_DAYS} days after you sign up.
        </p>
      </section>
    </article>
  );
}
