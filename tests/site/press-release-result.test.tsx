import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PressReleaseResult } from "../../site/src/press-release/press-release-result.tsx";

const base = {
  id: "0b7a3f7e-8a0e-4a53-9d1e-2f7f0f1c9a11",
  file_name: "briefing.wav",
  bytes: 1000,
  language: "en" as const,
  created_at: "2026-11-22T10:00:00.000Z",
  updated_at: "2026-11-22T10:01:00.000Z",
};

describe("a press release on the page", () => {
  it("renders the generated Markdown as headings and paragraphs, never as raw HTML", () => {
    const text =
      '# Radio for twelve states\n\n**LAGOS** — The launch.\n\n<img src="x" onerror="alert(1)"><script>alert(2)</script>';
    const { container } = render(<PressReleaseResult release={{ ...base, status: "completed", text }} />);
    expect(screen.getByRole("heading", { level: 1, name: "Radio for twelve states" })).toBeVisible();
    expect(container.querySelector("strong")?.textContent).toBe("LAGOS");
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("script")).toBeNull();
    expect(screen.getByRole("button", { name: "Copy as rich text" })).toBeVisible();
  });

  it("shows the closing ### mark as text, not as an empty heading", () => {
    const { container } = render(
      <PressReleaseResult release={{ ...base, status: "completed", text: "# Title\n\nBody.\n\n###" }} />,
    );
    expect(container.querySelector(".release__text")?.textContent).toContain("###");
    expect(container.querySelectorAll(".release__text h3")).toHaveLength(0);
  });

  it("shows the release in the recording's language under the English one, marked with its language, with the same controls", () => {
    const translation = { language: "ig" as const, text: "# Redio maka steeti iri na abụọ\n\nDaalụ." };
    render(
      <PressReleaseResult
        release={{ ...base, language: "ig", status: "completed", text: "# Radio for twelve states", translation }}
      />,
    );
    const section = screen.getByRole("region", { name: "In Igbo" });
    expect(section.querySelector("article")).toHaveAttribute("lang", "ig");
    expect(screen.getByRole("heading", { level: 1, name: "Redio maka steeti iri na abụọ" })).toBeVisible();
    expect(screen.getByRole("heading", { level: 1, name: "Radio for twelve states" })).toBeVisible();
    const controls = within(section)
      .getAllByRole("button")
      .map((button) => button.textContent?.trim());
    expect(controls).toEqual([
      "Edit text in Igbo",
      "Copy as rich text in Igbo",
      "Download DOCX in Igbo",
      "Download PDF in Igbo",
      "Download TXT in Igbo",
      "Download MD in Igbo",
      "Versions in Igbo",
    ]);
  });

  it("shows where a running job is, and the reason when one failed", () => {
    const { rerender } = render(<PressReleaseResult release={{ ...base, status: "processing" }} />);
    expect(screen.getByText("Transcribing and writing").closest("li")).toHaveAttribute("aria-current", "step");
    expect(screen.queryByRole("button", { name: "Copy as rich text" })).toBeNull();
    rerender(<PressReleaseResult release={{ ...base, status: "error", error: "No speech was found." }} />);
    expect(screen.getByRole("alert")).toHaveTextContent("No speech was found. Upload the recording again to retry.");
  });
});
