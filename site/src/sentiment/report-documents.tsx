import { API, pathOf } from "@contracts/api-paths.ts";
import type { ReportDocumentFormat } from "@worker/reports/contracts/sentiment.ts";
import { Download } from "lucide-react";
import { apiFetch } from "../api/client.ts";
import { type FetchedFile, useFileDownload } from "../ui/download.ts";

/** The report as a DOCX or PDF, written by the Worker under the press kit's letterhead and named by it. */
async function fetchReportDocument(id: string, format: ReportDocumentFormat): Promise<FetchedFile> {
  const response = await apiFetch(`${pathOf(API.sentiment.path.report, { id })}?format=${format}`);
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1];
  return { blob: await response.blob(), name: name ?? `sentiment-report.${format}` };
}

const LABELS = { docx: "Download DOCX", pdf: "Download PDF" } as const satisfies Record<ReportDocumentFormat, string>;

/** "Download DOCX" and "Download PDF": the whole report, ready to send a client. */
export function ReportDocuments({ jobId }: { jobId: string }) {
  const { busy, save } = useFileDownload((format: ReportDocumentFormat) => fetchReportDocument(jobId, format));
  return (
    <>
      {(["docx", "pdf"] as const).map((format) => (
        <button
          key={format}
          type="button"
          className="button button--ghost"
          disabled={busy !== null}
          aria-busy={busy === format}
          onClick={() => save(format)}
        >
          <Download aria-hidden="true" size={18} /> {LABELS[format]}
        </button>
      ))}
    </>
  );
}
