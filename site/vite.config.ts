import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv } from "vite";
import { siteConfigDefine } from "./site-config.ts";

const siteRoot = fileURLToPath(new URL(".", import.meta.url));
const workerUrl = `http://127.0.0.1:${process.env.WORKER_PORT ?? "8787"}`;
// Paths the Worker answers; in `npm run dev` Vite forwards them so the site stays same-origin.
const API_PATHS = ["/api", "/auth", "/processpay", "/__sandbox"];

export default defineConfig(({ mode }) => ({
  root: siteRoot,
  // loadEnv also picks up VITE_* variables from the process environment.
  define: siteConfigDefine(loadEnv(mode, siteRoot, "VITE_")),
  envDir: siteRoot,
  plugins: [react()],
  resolve: {
    alias: { "@contracts": fileURLToPath(new URL("../worker/contracts", import.meta.url)) },
  },
  build: {
    outDir: fileURLToPath(new URL("../dist/site", import.meta.url)),
    emptyOutDir: true,
    manifest: true,
    target: "es2020",
  },
  server: {
    host: "127.0.0.1",
    proxy: Object.fromEntries(API_PATHS.map((path) => [path, { target: workerUrl, ws: true }])),
  },
}));
