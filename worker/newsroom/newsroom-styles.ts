/**
 * The newsroom's whole stylesheet, inlined in each page so a phone paints it from the one response:
 * the site's colours and type, one readable column, nothing that needs JavaScript.
 */
export const NEWSROOM_CSS = `
:root{--ink:#17142e;--muted:#4f4b6b;--brand:#4b2fd9;--brand-soft:#ece8ff;--line:#dedaf0;--surface:#fff}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:#f7f6fc;color:var(--ink);font:1.0625rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;overflow-wrap:anywhere}
a{color:var(--brand)}
a:focus-visible{outline:3px solid var(--brand);outline-offset:2px}
.masthead{background:var(--surface);border-bottom:1px solid var(--line)}
.masthead p{margin:0;padding:.9rem 1rem;max-width:44rem;margin-inline:auto;font-weight:700}
.masthead a{color:var(--ink);text-decoration:none}
main{max-width:44rem;margin:0 auto;padding:1.5rem 1rem 2rem}
h1{font-size:clamp(1.5rem,5vw,2.1rem);line-height:1.2;margin:0 0 .5rem}
h2{font-size:1.25rem;line-height:1.3;margin:1.5rem 0 .5rem}
h3{font-size:1.05rem;margin:1.25rem 0 .4rem}
.meta{color:var(--muted);font-size:.9375rem;margin:0 0 1.25rem}
.releases{list-style:none;padding:0;margin:0}
.releases li{background:var(--surface);border:1px solid var(--line);border-radius:14px;padding:1rem 1.1rem;margin:0 0 1rem}
.releases h2{margin:0 0 .25rem}
.releases p{margin:.25rem 0 0}
.release{background:var(--surface);border:1px solid var(--line);border-radius:14px;padding:1.25rem 1.1rem}
.files figure{margin:1.25rem 0}
.files img{display:block;max-width:100%;height:auto;border-radius:10px;background:var(--brand-soft)}
.files figcaption{color:var(--muted);font-size:.9375rem;margin-top:.4rem}
.clip audio{display:block;width:100%;margin-top:.4rem}
.clip p{margin:.4rem 0 0}
.downloads{padding-left:1.25rem;margin:1rem 0 0}
.share{display:inline-block;margin-top:1.25rem;padding:.6rem 1rem;border-radius:10px;background:#1f7a3d;color:#fff;font-weight:700;text-decoration:none}
.kit{max-width:44rem;margin:0 auto;padding:0 1rem 2.5rem;color:var(--muted);font-size:.9375rem}
.kit h2{color:var(--ink);font-size:1.05rem}
.kit p{white-space:pre-line;margin:.25rem 0}
`;
