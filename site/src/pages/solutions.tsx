import { useSolutionNavigation } from "../app/use-solution-navigation.ts";
import { TOOLS } from "../tools/catalog.ts";
import { ToolName } from "../tools/tool-name.tsx";
import { DocumentTitle } from "../ui/document-title.tsx";
import { FullPageSpinner } from "../ui/full-page-spinner.tsx";

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
            <button type="button" className="card__action" onClick={() => choose(tool.path)}>
              Open {tool.name}
            </button>
          </li>
        ))}
      </ul>
      {pending && <FullPageSpinner label="Opening tool" />}
    </section>
  );
}
