import { Link } from "react-router-dom";
import { PATHS } from "../paths.ts";

export function Logo({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link to={PATHS.home} className="logo" aria-label="Vox home" onClick={onNavigate}>
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="9" fill="var(--brand)" />
        <path
          d="M8 13v6M12.5 9v14M17 11.5v9M21.5 7.5v17M26 13v6"
          stroke="#fff"
          strokeWidth="2.4"
          strokeLinecap="round"
        />
      </svg>
      <span className="logo__word">Vox</span>
    </Link>
  );
}
