import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ModalProvider } from "../../site/src/app/modals.tsx";
import { DemoVideo, RECORDED_DEMO } from "../../site/src/pages/watch-demo.tsx";
import { DeepfakeDetectorFrame } from "../../site/src/shield/vox-shield.tsx";

describe("Vox Shield frame", () => {
  it("embeds the configured detector in a sandboxed frame that sends no referrer", () => {
    render(<DeepfakeDetectorFrame url="https://detector.example/check" ownPage={false} />);
    const frame = screen.getByTitle("Vox Shield deepfake and fake-news detector (beta)");
    expect(frame).toHaveAttribute("src", "https://detector.example/check");
    expect(frame.getAttribute("sandbox")?.split(" ")).toEqual(expect.arrayContaining(["allow-scripts", "allow-forms"]));
    expect(frame.getAttribute("sandbox")).not.toContain("allow-top-navigation");
    expect(frame).toHaveAttribute("referrerpolicy", "no-referrer");
  });

  it("frames the Worker's own detector page with forms only: no scripts, no same-origin access", () => {
    render(<DeepfakeDetectorFrame url="/api/shield" ownPage />);
    const frame = screen.getByTitle("Vox Shield deepfake and fake-news detector (beta)");
    expect(frame).toHaveAttribute("src", "/api/shield");
    expect(frame).toHaveAttribute("sandbox", "allow-forms");
    expect(frame).toHaveAttribute("referrerpolicy", "no-referrer");
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

  it("plays the recorded demo with English captions when no video is configured, loading only its metadata", () => {
    render(
      <ModalProvider>
        <DemoVideo url="" />
      </ModalProvider>,
    );
    const video = screen.getByLabelText("Vox product demo video");
    expect(video.tagName).toBe("VIDEO");
    expect(video).toHaveAttribute("preload", "metadata");
    expect(video).toHaveAttribute("poster", RECORDED_DEMO.poster);
    expect(video.querySelector("source")).toHaveAttribute("src", RECORDED_DEMO.video);
    const track = video.querySelector("track");
    expect(track).toHaveAttribute("kind", "captions");
    expect(track).toHaveAttribute("srclang", "en");
    expect(track).toHaveAttribute("src", RECORDED_DEMO.captions);
    expect(track?.hasAttribute("default")).toBe(true);
  });
});
