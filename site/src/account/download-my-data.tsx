import { Download } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { fetchAccountData, fetchAccountFiles } from "../api/account-export.ts";
import { PATHS } from "../paths.ts";
import { downloadBlob } from "../tools/download.ts";
import { errorMessage } from "../ui/form-fields.tsx";
import { toast } from "../ui/toast.ts";

type Busy = "data" | `files-${number}` | null;

/**
 * Settings › Account: the owner's copy of everything the account holds (NDPA 2023 access and
 * portability), as a JSON file, and its stored audio as one zip, or several when it is large.
 */
export function DownloadMyData() {
  const [busy, setBusy] = useState<Busy>(null);
  const [status, setStatus] = useState("");
  const [parts, setParts] = useState(1);

  const run = async (what: Exclude<Busy, null>, fetchFile: () => Promise<{ blob: Blob; fileName: string }>) => {
    setBusy(what);
    setStatus("Preparing your download…");
    try {
      const { blob, fileName } = await fetchFile();
      downloadBlob(blob, fileName);
      setStatus(`Downloaded ${fileName}.`);
    } catch (error) {
      setStatus("");
      toast.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const files = (part: number) =>
    run(`files-${part}`, async () => {
      const download = await fetchAccountFiles(part);
      setParts(download.parts);
      return download;
    });

  return (
    <div className="data-download">
      <h3>Download my data</h3>
      <p className="muted">
        A JSON file of everything your account holds: profile, preferences, press kit, jobs, transcripts, speech
        history, uploads and billing. Your stored audio comes as a zip. See the{" "}
        <Link to={PATHS.privacy}>Privacy notice</Link> for what Vox keeps.
      </p>
      <div className="data-download__actions">
        <button
          type="button"
          className="button button--ghost"
          disabled={busy !== null}
          onClick={() => run("data", fetchAccountData)}
        >
          <Download aria-hidden="true" size={18} /> Download my data
        </button>
        {Array.from({ length: parts }, (_, index) => index + 1).map((part) => (
          <button
            key={part}
            type="button"
            className="button button--ghost"
            disabled={busy !== null}
            onClick={() => files(part)}
          >
            <Download aria-hidden="true" size={18} />{" "}
            {parts === 1 ? "Download my files (zip)" : `Download my files, part ${part} of ${parts}`}
          </button>
        ))}
      </div>
      <p className="muted" role="status">
        {status}
      </p>
    </div>
  );
}
