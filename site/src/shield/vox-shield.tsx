import { config } from "../config.ts";
import { toolById } from "../tools/catalog.ts";
import { ToolPage } from "../tools/tool-page.tsx";
import { EmptyState } from "../ui/empty-state.tsx";

export function DeepfakeDetectorFrame({ url }: { url: string }) {
  if (!url) {
    return (
      <EmptyState title="Vox Shield is resting">
        The detector is not available right now. Please check back shortly, or request a consultation and we will run
        your check for you.
      </EmptyState>
    );
  }
  return (
    <iframe
      className="embed embed--tall"
      src={url}
      title="Vox Shield deepfake and fake-news detector (beta)"
      // The detector is a third-party page: it may run its own scripts and forms, nothing more.
      sandbox="allow-scripts allow-forms allow-same-origin allow-popups"
      referrerPolicy="no-referrer"
      loading="lazy"
    />
  );
}

export function Component() {
  return (
    <ToolPage tool={toolById("deepfake")}>
      <DeepfakeDetectorFrame url={config.shieldUrl} />
    </ToolPage>
  );
}
