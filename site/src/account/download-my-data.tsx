import type { AccountFilesLinks } from "@worker/accounts/contracts/account-files-links.ts";
import { Download } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { PATHS } from "../paths.ts";
import { downloadBlob, downloadUrl } from "../ui/download.ts";
import { errorMessage } from "../ui/form-fields.tsx";
import { toast } from "../ui/toast.ts";
import { fetchAccountData, fetchAccountFilesLinks } from "./account-export-api.ts";

type Busy = "data" | "files" | null;
type FileLink = AccountFilesLinks["files"][number];

/**
 * Settings › Account: the owner's copy of everything the account holds (NDPA 2023 access and
 * portability), as a JSON file, and its stored audio as one zip, or several when it is large. The
 * zips come as links the browser downloads itself, so a phone never holds gigabytes in the page.
 */
export function DownloadMyData() {
  const [busy, setBusy] = useState<Busy>(null);
  const [status, setStatus] = useState("");
  const [parts, setParts] = useState<readonly FileLink[] | null>(null);

  const run = async (what: Exclude<Busy, null>, work: () => Promise<void>) => {
    setBusy(what);
    setStatus("Preparing your download…");
    try {
      await work();
    } catch (error) {
      setStatus("");
      toast.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const data = () =>
    run("data", async () => {
      const { blob, fileName } = await fetchAccountData();
      downloadBlob(blob, fileName);
      setStatus(`Downloaded ${fileName}.`);
    });

  const files = () =>
    run("files", async () => {
      const { files: links } = await fetchAccountFilesLinks();
      const [only] = links;
      if (links.length === 1 && only) {
        downloadUrl(only.url, only.file_name);
        setStatus(`Your browser is downloading ${only.file_name}.`);
        return;
      }
      setParts(links);
      setStatus(`Your files come in ${links.length} zips. Download each one below; the links work for an hour.`);
    });

  return (
    <div className="data-download">
      <h3>Download my data</h3>
      <p className="muted">
        A JSON file of everything your account holds: profile, preferences, press kit, jobs, transcripts, speech
        history, uploads and billing. Your stored audio and release images come as a zip, with the audio you made in the
        other workspaces you belong to. See the <Link to={PATHS.privacy}>Privacy notice</Link> for what Vox keeps.
      </p>
      <div className="data-download__actions">
        <button type="button" className="button button--ghost" disabled={busy !== null} onClick={data}>
          <Download aria-hidden="true" size={18} /> Download my data
        </button>
        <button type="button" className="button button--ghost" disabled={busy !== null} onClick={files}>
          <Download aria-hidden="true" size={18} /> Download my files (zip)
        </button>
      </div>
      <p className="muted" role="status">
        {status}
      </p>
      {parts && (
        <ul className="data-download__parts">
          {parts.map((link) => (
            <li key={link.part}>
              <a href={link.url} download={link.file_name}>
                Part {link.part} of {parts.length}: {link.file_name}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
