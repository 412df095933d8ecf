import { ChevronDown, ChevronUp } from "lucide-react";
import { useId } from "react";
import { IconButton } from "../ui/icon-button.tsx";

interface Props {
  readonly query: string;
  readonly onQuery: (query: string) => void;
  readonly count: number;
  /** The chosen match, from 0; meaningless without matches. */
  readonly active: number;
  readonly onStep: (step: 1 | -1) => void;
}

/** Search box: Enter goes to the next match, Shift+Enter to the previous; the count is announced. */
export function TranscriptSearch({ query, onQuery, count, active, onStep }: Props) {
  const id = useId();
  const status = !query.trim() ? "" : count === 0 ? "No matches" : `Match ${active + 1} of ${count}`;
  return (
    <div className="transcript__search">
      <label htmlFor={id} className="transcript__search-label">
        Search the transcript
      </label>
      <input
        id={id}
        type="search"
        className="field__input transcript__search-input"
        value={query}
        onChange={(event) => onQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== "Enter") return;
          event.preventDefault();
          if (count) onStep(event.shiftKey ? -1 : 1);
        }}
        aria-describedby={`${id}-status`}
      />
      <IconButton label="Previous match" icon={ChevronUp} disabled={count === 0} onClick={() => onStep(-1)} />
      <IconButton label="Next match" icon={ChevronDown} disabled={count === 0} onClick={() => onStep(1)} />
      <span id={`${id}-status`} className="transcript__search-status" role="status">
        {status}
      </span>
    </div>
  );
}
