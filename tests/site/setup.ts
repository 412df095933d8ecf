import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// Dialogs and tools load on demand; the first load of one, transformed on a busy machine, can take
// longer than the library's default second. `npm test` runs these files niced beside the browser
// files, where a lazy Settings page's first load took over 6 s, and in a later run over 15 s
// (tests/site/workspaces-team.test.tsx, 2026-12-07): a wait sized for that, within the tests' own 60 s.
// `waitFor` and the `find` queries read it; tests wait with those, not `vi.waitFor`, whose 1 s no setting raises.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
