import { xmlText } from "../core/xml-text.ts";
import type { Organisation } from "../organisation/contracts/organisation.ts";
import { releaseHeadline } from "../press-releases/contracts/release-markdown.ts";
import { type NewsroomRelease, releaseSummary } from "./newsroom-page.ts";

/** The newsroom's public releases as RSS 2.0, newest first, for newsdesks' feed readers. */

const escapeXml = (text: string) =>
  xmlText(text).replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );

export function newsroomFeed(
  kit: Organisation,
  urls: { readonly newsroom: string; readonly feed: string },
  releases: readonly NewsroomRelease[],
): string {
  const items = releases.map(
    (release) => `<item>
<title>${escapeXml(releaseHeadline(release.text))}</title>
<link>${escapeXml(release.url)}</link>
<guid isPermaLink="true">${escapeXml(release.url)}</guid>
<pubDate>${new Date(release.publishAt).toUTCString()}</pubDate>
<description>${escapeXml(releaseSummary(release.text, 500))}</description>
</item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${escapeXml(`${kit.name} newsroom`)}</title>
<link>${escapeXml(urls.newsroom)}</link>
<atom:link href="${escapeXml(urls.feed)}" rel="self" type="application/rss+xml"/>
<description>${escapeXml(kit.boilerplate || `Press releases from ${kit.name}.`)}</description>
<language>en</language>
${items.join("\n")}
</channel>
</rss>
`;
}
