import { config } from "zod/v4/core";

// zod probes for `new Function` when a schema is built, to compile fast parsers; the site's CSP
// forbids eval, so every page would report a violation. This must run before any schema exists,
// so the app (site/src/boot.tsx) imports it first; only zod's small config object joins the first load.
config({ jitless: true });
