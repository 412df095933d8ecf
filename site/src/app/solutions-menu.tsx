import { ChevronDown } from "lucide-react";
import { Link, NavLink } from "react-router-dom";
import { useStoredUser } from "../api/session.ts";
import { PATHS } from "../paths.ts";
import { TOOLS } from "../tools/catalog.ts";
import { ToolName } from "../tools/tool-name.tsx";
import { useDisclosure } from "../ui/use-disclosure.ts";
import { solutionTarget } from "./solution-target.ts";

/**
 * Desktop "Our Solutions": the label is a link to /solutions, the chevron discloses the six tools.
 * A disclosure (not an ARIA menu) is the pattern for site navigation.
 */
export function SolutionsMenu() {
  const [open, setOpen, listId, root] = useDisclosure<HTMLLIElement>();
  const user = useStoredUser();

  return (
    <li
      ref={root}
      className="solutions-menu"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <NavLink to={PATHS.solutions} className="nav-link">
        Our Solutions
      </NavLink>
      <button
        type="button"
        className="solutions-menu__toggle"
        aria-expanded={open}
        aria-controls={listId}
        aria-label="Show solutions"
        onClick={() => setOpen((value) => !value)}
      >
        <ChevronDown aria-hidden="true" size={16} />
      </button>
      <ul id={listId} className="solutions-menu__list" hidden={!open}>
        {TOOLS.map((tool) => (
          <li key={tool.id}>
            <Link
              to={solutionTarget(user?.subscription_status, tool.path)}
              className="solutions-menu__item"
              onClick={() => setOpen(false)}
            >
              <tool.icon aria-hidden="true" size={20} />
              <span>
                <span className="solutions-menu__name">
                  <ToolName tool={tool} />
                </span>
                <span className="solutions-menu__pitch">{tool.pitch}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
