import { useCallback } from "react";
import { useStoredUser } from "../api/session.ts";
import { solutionTarget } from "../app/solution-target.ts";
import { shouldAskToSignIn } from "../app/spec-quirks.ts";
import { useDelayedNavigate } from "../app/use-delayed-navigate.ts";
import { TOOLS } from "../tools/catalog.ts";
import { ToolName } from "../tools/tool-name.tsx";
import { DocumentTitle } from "../ui/document-title.tsx";
import { FullPageSpinner } from "../ui/full-page-spinner.tsx";
import { useModals } from "../ui/modal-context.ts";

/** What choosing a card does: ask to sign in, or show the spinner and open the tool (or /pricing). */
function useSolutionNavigation() {
  const user = useStoredUser();
  const { openModal } = useModals();
  const { pending, navigateAfterSpinner } = useDelayedNavigate();
  const choose = useCallback(
    (toolPath: string, toolName: string) => {
      const target = solutionTarget(user?.subscription_status, toolPath);
      if (shouldAskToSignIn(user !== null)) openModal("login", { continueTo: { label: toolName, path: target } });
      else navigateAfterSpinner(target);
    },
    [user, openModal, navigateAfterSpinner],
  );
  return { pending, choose };
}

export function Component() {
  const { pending, choose } = useSolutionNavigation();
  return (
    <section>
      <DocumentTitle>Our Solutions · Vox</DocumentTitle>
      <p className="eyebrow">Our Solutions</p>
      <h1>Everything your voice work needs</h1>
      <p className="lead">
        Pick a tool to start. Every plan includes all six, with free access for your first two days.
      </p>
      <ul className="card-grid">
        {TOOLS.map((tool) => (
          <li key={tool.id} className="card">
            <span className="card__icon" aria-hidden="true">
              <tool.icon size={26} />
            </span>
            <h2 className="card__title">
              <ToolName tool={tool} />
            </h2>
            <p className="card__text">{tool.pitch}</p>
            <button type="button" className="card__action" onClick={() => choose(tool.path, tool.name)}>
              Open {tool.name}
            </button>
          </li>
        ))}
      </ul>
      {pending && <FullPageSpinner label="Opening tool" />}
    </section>
  );
}
