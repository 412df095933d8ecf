import "./zod-setup.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ErrorBoundary } from "react-error-boundary";
import { BrowserRouter } from "react-router-dom";
import { AppRoutes } from "./app/app-routes.tsx";
import { CrashPage } from "./app/error-page.tsx";
import "./styles/base.css";
import "./styles/layout.css";
import "./styles/components.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <ErrorBoundary FallbackComponent={CrashPage} onError={(error) => console.error("[crash]", error)}>
        <AppRoutes />
      </ErrorBoundary>
    </BrowserRouter>
  </StrictMode>,
);
