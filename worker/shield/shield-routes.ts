import { Hono } from "hono";
import { html } from "hono/html";
import type { AppEnv } from "../app-env.ts";
import { API } from "../contracts/api-paths.ts";
import { SANDBOX_PATH } from "../core/config.ts";

/**
 * What the Shield page frames when the site was built without `VITE_SHIELD_URL`: in the sandbox,
 * the local stand-in for the detector; anywhere else, a page saying the detector is not set up.
 * The site names only this route, so its bundle never spells out a sandbox path.
 */
export const shield = new Hono<AppEnv>();

shield.get(API.shield.at.detector, (c) => {
  c.set("framedBySite", true);
  if (c.var.config.sandbox) return c.redirect(`${SANDBOX_PATH}/shield`, 302);
  return c.html(
    html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>Vox Shield is not available</title>
          <style>
            body { font-family: system-ui, sans-serif; margin: 0; padding: 1.25rem; color: #111827; }
          </style>
        </head>
        <body>
          <h1>Vox Shield is not available</h1>
          <p>The detector is not connected to this site yet. Please check back shortly, or request a consultation and we will run your check for you.</p>
        </body>
      </html>`,
    503,
  );
});
