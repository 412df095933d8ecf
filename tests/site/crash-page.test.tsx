import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { ErrorBoundary } from "react-error-boundary";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { CrashPage } from "../../site/src/app/error-page.tsx";

function Bomb({ armed }: { armed: boolean }) {
  if (armed) throw new Error("The transcript could not be drawn.");
  return <p>All good</p>;
}

function Harness() {
  const [armed, setArmed] = useState(true);
  return (
    <ErrorBoundary FallbackComponent={CrashPage} onReset={() => setArmed(false)}>
      <Bomb armed={armed} />
    </ErrorBoundary>
  );
}

describe("a render error", () => {
  it("shows the error page with the message, and going home recovers", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <MemoryRouter>
        <Harness />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
    expect(screen.getByText("The transcript could not be drawn.")).toBeVisible();
    await userEvent.click(screen.getByRole("link", { name: "Back to the home page" }));
    expect(screen.getByText("All good")).toBeVisible();
  });
});
