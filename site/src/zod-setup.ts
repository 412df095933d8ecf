/**
 * zod probes for `new Function` when a schema is built, to compile fast parsers; the site's CSP
 * forbids eval, so every page would report a violation. zod keeps its settings in this global and
 * uses the object it finds there (zod/v4/core/core.js), so the app (site/src/boot.tsx) sets it
 * before any schema exists without importing zod: importing `config` put ~5 KB gzip of zod's core,
 * which only forms need, into every page's first load. tests/site/zod-setup.test.ts holds zod to it.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;
