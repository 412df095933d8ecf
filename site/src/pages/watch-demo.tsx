import { config } from "../config.ts";
import { DocumentTitle } from "../ui/document-title.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { useModals } from "../ui/modal-context.ts";

export function DemoVideo({ url }: { url: string }) {
  const { openModal } = useModals();
  if (!url) {
    return (
      <EmptyState
        title="The demo video is on its way"
        action={
          <button type="button" className="button button--primary" onClick={() => openModal("consultation")}>
            Request free consultation
          </button>
        }
      >
        We are recording a fresh walkthrough of all six tools. In the meantime, book a free consultation and we will
        show you Vox live with your own material.
      </EmptyState>
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
        Five minutes, six tools: a statement voiced, a briefing analysed, a press release drafted from a recording, and
        a live transcript of a real conversation.
      </p>
      <DemoVideo url={config.demoVideoUrl} />
    </section>
  );
}
