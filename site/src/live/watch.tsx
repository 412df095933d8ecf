import { DocumentTitle } from "../ui/document-title.tsx";
import { lazyNamed } from "../ui/lazy-named.ts";

const CaptionViewer = lazyNamed(() => import("./caption-viewer.tsx"), "CaptionViewer");

/** A caption link's public page, `/watch/<token>`: no account, no plan. */
export function Component() {
  return (
    <>
      <DocumentTitle>Live captions · Vox</DocumentTitle>
      <CaptionViewer />
    </>
  );
}
