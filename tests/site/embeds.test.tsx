import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ModalProvider } from "../../site/src/app/modals.tsx";
import { DemoVideo } from "../../site/src/pages/watch-demo.tsx";
import { DeepfakeDetectorFrame } from "../../site/src/shield/vox-shield.tsx";

describe("Vox Shield frame", () => {
  it("embeds the configured detector in a sandboxed frame that sends no referrer", () => {
    render(<DeepfakeDetectorFrame url="https://detector.example/check" />);
    const frame = screen.getByTitle("Vox Shield deepfake and fake-news detector (beta)");
    expect(frame).toHaveAttribute("src", "https://detector.example/check");
    expect(frame.getAttribute("sandbox")?.split(" ")).toEqual(expect.arrayContaining(["allow-scripts", "allow-forms"]));
    expect(frame.getAttribute("sandbox")).not.toContain("allow-top-navigation");
    expect(frame).toHaveAttribute("referrerpolicy", "no-referrer");
  });

  it("explains itself when no detector is configured", () => {
    render(<DeepfakeDetectorFrame url="" />);
    expect(screen.queryByTitle(/detector/)).toBeNull();
    expect(screen.getByRole("heading", { name: "Vox Shield is resting" })).toBeVisible();
  });
});

describe("demo video", () => {
  it("embeds the configured video", () => {
    render(
      <ModalProvider>
        <DemoVideo url="https://video.example/embed/vox" />
      </ModalProvider>,
    );
    expect(screen.getByTitle("Vox product demo video")).toHaveAttribute("src", "https://video.example/embed/vox");
  });

  it("offers a consultation while no video is configured", () => {
    render(
      <ModalProvider>
        <DemoVideo url="" />
      </ModalProvider>,
    );
    expect(screen.getByRole("heading", { name: "The demo video is on its way" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Request free consultation" })).toBeVisible();
  });
});
