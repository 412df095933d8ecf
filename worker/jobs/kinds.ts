import type { Tool } from "../billing/tool-gate.ts";
import type { LanguageTool } from "../contracts/language-support.ts";
import { PRESS_RELEASE_MAX_BYTES } from "../press-releases/contracts/press-releases.ts";
import type { JobKind } from "./contracts/jobs.ts";

/** What differs between job kinds at the edges (gate, intake, answers); their steps are in engine.ts. */
interface JobKindConfig {
  /** The gate it passes and the row of the routing table it is served by. */
  readonly tool: Tool & LanguageTool;
  /** A small file sent as a multipart form becomes the job's recording (otherwise only `{upload_id}`). */
  readonly file?: { readonly maxBytes: number; readonly missing: string; readonly keyPrefix: string };
  readonly notFound: string;
  readonly deleted: string;
}

export const JOB_KIND_CONFIG: Record<JobKind, JobKindConfig> = {
  press_release: {
    tool: "pressRelease",
    file: {
      maxBytes: PRESS_RELEASE_MAX_BYTES,
      missing: "Choose an audio or video file first.",
      keyPrefix: "press-releases/",
    },
    notFound: "That press release does not exist or is not yours.",
    deleted: "Press release deleted",
  },
  sentiment: {
    tool: "sentiment",
    notFound: "That report does not exist or is not yours.",
    deleted: "Report deleted",
  },
};
