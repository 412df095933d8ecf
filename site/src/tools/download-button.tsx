import { Download } from "lucide-react";
import { downloadText } from "../ui/download.ts";

interface Props {
  readonly label: string;
  readonly fileName: string;
  readonly type?: string;
  /** Made when pressed, so an export nobody asks for costs nothing. */
  readonly text: () => string;
}

/** A button that saves a result as a text file. */
export function DownloadButton({ label, fileName, type, text }: Props) {
  return (
    <button type="button" className="button button--ghost" onClick={() => downloadText(text(), fileName, type)}>
      <Download aria-hidden="true" size={18} /> {label}
    </button>
  );
}
