import { config } from "../config.ts";
import { DocumentTitle } from "../ui/document-title.tsx";

/** Recorded from the product by `npm run demo:record` (scripts/demo-record.ts) into site/public/demo. */
export const RECORDED_DEMO = {
  video: "/demo/vox-demo.webm",
  captions: "/demo/vox-demo.vtt",
  poster: "/demo/vox-demo-poster.jpg",
} as const;

export function DemoVideo({ url }: { url: string }) {
  if (!url) {
    return (
      <div className="embed embed--video">
        {/* Nothing of the video loads before the visitor presses play, bar its length and first frame. */}
        <video
          controls
          preload="metadata"
          poster={RECORDED_DEMO.poster}
          playsInline
          aria-label="Vox product demo video"
        >
          <source src={RECORDED_DEMO.video} type="video/webm" />
          <track kind="captions" srcLang="en" label="English" src={RECORDED_DEMO.captions} default />
        </video>
      </div>
    );
  }
  return (
    <div className="embed embed--video">
      <iframe
        src={url}
        title="Vox product demo video"
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        loading="lazy"
      />
    </div>
  );
}

export function Component() {
  return (
    <section className="narrow">
      <DocumentTitle>Watch the demo · Vox</DocumentTitle>
      <p className="eyebrow">Demo</p>
      <h1>See Vox at work</h1>
      <p className="lead">
        A short walk through Vox, recorded from the product itself: a statement voiced, a briefing analysed and a
        recording checked with Vox Shield.
      </p>
      <DemoVideo url={config.demoVideoUrl} />
    </section>
  );
}
