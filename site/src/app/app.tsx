import { StrictMode } from "react";
import { ErrorBoundary } from "react-error-boundary";
import { AppRoutes } from "./app-routes.tsx";
import { CrashPage } from "./error-page.tsx";

/** The whole site below its router: the browser wraps it in BrowserRouter, the build in StaticRouter. */
export function App() {
  return (
    <StrictMode>
      <ErrorBoundary FallbackComponent={CrashPage} onError={(error) => console.error("[crash]", error)}>
        <AppRoutes />
      </ErrorBoundary>
    </StrictMode>
  );
}
