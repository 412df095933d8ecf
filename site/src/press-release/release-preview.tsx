import { PLACEHOLDER, type Run, releaseBlocks } from "@worker/press-releases/contracts/release-markdown.ts";
import type { ReactNode } from "react";

const PLACEHOLDER_PARTS = new RegExp(`(${PLACEHOLDER.source})`, "g");

function marked(text: string): ReactNode[] {
  return text.split(PLACEHOLDER_PARTS).map((part, index) =>
    index % 2 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string never move
      <mark key={index} className="placeholder">
        {part}
      </mark>
    ) : (
      part
    ),
  );
}

function runs(list: readonly Run[]): ReactNode[] {
  return list.map((run, index) => {
    const Tag = run.bold ? "strong" : run.italic ? "em" : "span";
    // biome-ignore lint/suspicious/noArrayIndexKey: the runs of one block never move
    return <Tag key={index}>{marked(run.text)}</Tag>;
  });
}

/**
 * The release as it will read, read by the same parser as the exports, with placeholders marked;
 * `lang` names the language of a translated copy, for screen readers and hyphenation.
 */
export function ReleasePreview({ text, lang }: { text: string; lang?: string | undefined }) {
  return (
    <article className="release__text prose" lang={lang}>
      {releaseBlocks(text).map((block, index) => {
        const key = `${block.kind}-${index}`;
        if (block.kind === "paragraph") return <p key={key}>{runs(block.runs)}</p>;
        const Heading = `h${block.level}` as const;
        return <Heading key={key}>{runs(block.runs)}</Heading>;
      })}
    </article>
  );
}
