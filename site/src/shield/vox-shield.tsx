import { config } from "../config.ts";
import { toolById } from "../tools/catalog.ts";
import { ToolPage } from "../tools/tool-page.tsx";

/**
 * An external detector may run its own scripts and forms, nothing more. The Worker's own page (the
 * sandbox stand-in, or "not available") is a plain form on this origin, so it gets no scripts and
 * no same-origin access: together those two would let a same-origin page lift its own sandbox.
 */
const EXTERNAL_SANDBOX = "allow-scripts allow-forms allow-same-origin allow-popups";
const OWN_PAGE_SANDBOX = "allow-forms";

export function DeepfakeDetectorFrame({ url, ownPage }: { url: string; ownPage: boolean }) {
  return (
    <iframe
      className="embed embed--tall"
      src={url}
      title="Vox Shield deepfake and fake-news detector (beta)"
      sandbox={ownPage ? OWN_PAGE_SANDBOX : EXTERNAL_SANDBOX}
      referrerPolicy="no-referrer"
      loading="lazy"
    />
  );
}

export function Component() {
  return (
    <ToolPage tool={toolById("deepfake")}>
      <DeepfakeDetectorFrame url={config.shieldUrl} ownPage={config.shieldFromWorker} />
    </ToolPage>
  );
}
