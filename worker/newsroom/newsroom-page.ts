import { createElement as h, type ReactNode } from "react";
import { renderToReadableStream } from "react-dom/server";
import type { Organisation } from "../organisation/contracts/organisation.ts";
import { type Block, type Run, releaseBlocks, releaseHeadline } from "../press-releases/contracts/release-markdown.ts";
import { NEWSROOM_CSS } from "./newsroom-styles.ts";
import { previewOf, type ReleaseFiles, type ReleaseImage } from "./release-files.ts";

/**
 * The newsroom's public pages, rendered on the server with React and nothing for the browser to
 * run: the newsroom (its public releases), one release, and the page for an address that has none.
 * Every text comes from the account and is escaped by React; the release's Markdown is read by the
 * same reader the exports use, so no HTML in it is ever markup.
 */

export interface NewsroomRelease {
  readonly text: string;
  readonly publishAt: string;
  /** The release's page, absolute. */
  readonly url: string;
  /** Its images, clip and documents: read for its own page only. */
  readonly files?: ReleaseFiles;
}

interface Head {
  readonly title: string;
  readonly description: string;
  readonly url: string;
  readonly type: "website" | "article";
  readonly siteName: string;
  readonly feedUrl?: string;
  /** A link preview's picture: the release's first image, at about the width previews ask for. */
  readonly image?: { readonly url: string; readonly alt: string; readonly width: number; readonly height: number };
}

const day = new Intl.DateTimeFormat("en-NG", { dateStyle: "long", timeZone: "Africa/Lagos" });
const releaseDate = (iso: string) => day.format(new Date(iso));

/** The release's first paragraph after its headline, cut to a preview's length. */
export function releaseSummary(text: string, max = 200): string {
  const paragraph = releaseBlocks(text).find((block) => block.kind === "paragraph");
  const plain = paragraph ? plainRuns(paragraph.runs) : "";
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain;
}

const plainRuns = (runs: readonly Run[]) => runs.map((run) => run.text).join("");

function runs(list: readonly Run[]): ReactNode[] {
  return list.map((run, i) =>
    run.bold ? h("strong", { key: i }, run.text) : run.italic ? h("em", { key: i }, run.text) : run.text,
  );
}

function block(item: Block, i: number): ReactNode {
  return item.kind === "heading"
    ? h(`h${item.level}`, { key: i }, runs(item.runs))
    : h("p", { key: i }, runs(item.runs));
}

function document(head: Head, ...body: ReactNode[]): ReactNode {
  return h(
    "html",
    { lang: "en" },
    h(
      "head",
      null,
      h("meta", { charSet: "utf-8" }),
      h("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }),
      h("title", null, head.title),
      h("meta", { name: "description", content: head.description }),
      h("link", { rel: "canonical", href: head.url }),
      // No icon, said outright, so a browser does not ask for /favicon.ico: one request less, and no 404.
      h("link", { rel: "icon", href: "data:," }),
      h("meta", { property: "og:type", content: head.type }),
      h("meta", { property: "og:title", content: head.title }),
      h("meta", { property: "og:description", content: head.description }),
      h("meta", { property: "og:url", content: head.url }),
      h("meta", { property: "og:site_name", content: head.siteName }),
      ...(head.image
        ? [
            h("meta", { key: "image", property: "og:image", content: head.image.url }),
            h("meta", { key: "image-alt", property: "og:image:alt", content: head.image.alt }),
            h("meta", { key: "image-width", property: "og:image:width", content: String(head.image.width) }),
            h("meta", { key: "image-height", property: "og:image:height", content: String(head.image.height) }),
          ]
        : []),
      h("meta", { name: "twitter:card", content: head.image ? "summary_large_image" : "summary" }),
      h("meta", { name: "twitter:title", content: head.title }),
      h("meta", { name: "twitter:description", content: head.description }),
      head.feedUrl
        ? h("link", { rel: "alternate", type: "application/rss+xml", title: head.siteName, href: head.feedUrl })
        : null,
      // React writes a <style>'s text as it is; this one is our own constant.
      h("style", null, NEWSROOM_CSS),
    ),
    h("body", null, ...body),
  );
}

function masthead(kit: Organisation, newsroomUrl: string): ReactNode {
  return h("header", { className: "masthead" }, h("p", null, h("a", { href: newsroomUrl }, `${kit.name} newsroom`)));
}

/** The press kit's About and media contact, on every page of the newsroom. */
function pressKit(kit: Organisation): ReactNode {
  const { name, email, phone } = kit.media_contact;
  const hasContact = Boolean(name || email || phone);
  return h(
    "footer",
    { className: "kit" },
    kit.boilerplate ? h("section", null, h("h2", null, `About ${kit.name}`), h("p", null, kit.boilerplate)) : null,
    hasContact
      ? h(
          "section",
          null,
          h("h2", null, "Media contact"),
          name ? h("p", null, name) : null,
          email ? h("p", null, h("a", { href: `mailto:${email}` }, email)) : null,
          phone ? h("p", null, h("a", { href: `tel:${phone.replace(/[^\d+]/g, "")}` }, phone)) : null,
        )
      : null,
  );
}

export function newsroomPage(
  kit: Organisation,
  urls: { readonly newsroom: string; readonly feed: string },
  releases: readonly NewsroomRelease[],
): ReactNode {
  const title = `${kit.name} newsroom`;
  const description = kit.boilerplate || `Press releases from ${kit.name}.`;
  return document(
    { title, description, url: urls.newsroom, type: "website", siteName: title, feedUrl: urls.feed },
    masthead(kit, urls.newsroom),
    h(
      "main",
      null,
      h("h1", null, "Press releases"),
      h("p", { className: "meta" }, h("a", { href: urls.feed }, "RSS feed")),
      releases.length === 0
        ? h("p", null, "No press releases yet.")
        : h(
            "ul",
            { className: "releases" },
            releases.map((release) =>
              h(
                "li",
                { key: release.url },
                h("h2", null, h("a", { href: release.url }, releaseHeadline(release.text))),
                h(
                  "p",
                  { className: "meta" },
                  h("time", { dateTime: release.publishAt }, releaseDate(release.publishAt)),
                ),
                h("p", null, releaseSummary(release.text)),
              ),
            ),
          ),
    ),
    pressKit(kit),
  );
}

/** WhatsApp's share link: the release's title and address as the message. */
const whatsAppShare = (title: string, url: string) => `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`;

/**
 * The width an image takes on the release page: the column (44rem, less the page's and the card's
 * padding), or the screen less the same padding on a phone. The browser picks a rendition from it.
 */
const IMAGE_SIZES = "(min-width: 44rem) 40rem, calc(100vw - 4.5rem)";

/**
 * An image as the page shows it: its box sized before it loads (by its widest rendition, which is
 * upright even when the upload was turned by its EXIF orientation), the browser choosing the
 * rendition that fits the screen, and the upload itself only for a browser that cannot choose.
 * Every image is lazy, the first too: the images follow the release's text, below the fold on a
 * phone, so loading one early would take bandwidth from the text the reader came for.
 */
function releaseImage(image: ReleaseImage): ReactNode {
  const widest = image.renditions.at(-1) ?? image;
  return h(
    "figure",
    { key: image.url },
    h("img", {
      src: image.url,
      alt: image.alt,
      width: widest.width,
      height: widest.height,
      loading: "lazy",
      decoding: "async",
      ...(image.renditions.length > 0
        ? {
            srcSet: image.renditions.map((rendition) => `${rendition.url} ${rendition.width}w`).join(", "),
            sizes: IMAGE_SIZES,
          }
        : {}),
    }),
    image.caption ? h("figcaption", null, image.caption) : null,
  );
}

/**
 * The release's images, its recording as a player that fetches nothing until pressed, and the
 * release as documents.
 */
function releaseMedia(files: ReleaseFiles): ReactNode {
  return h(
    "section",
    { className: "files", "aria-labelledby": "release-files" },
    h("h2", { id: "release-files" }, "Media and downloads"),
    files.images.map(releaseImage),
    files.recording
      ? h(
          "figure",
          { className: "clip" },
          h("figcaption", { id: "release-recording" }, "The recording"),
          h("audio", { controls: true, preload: "none", src: files.recording, "aria-labelledby": "release-recording" }),
          h("p", null, h("a", { href: files.recording, download: "" }, "Download the recording")),
        )
      : null,
    h(
      "ul",
      { className: "downloads" },
      h("li", null, h("a", { href: files.docx, download: "" }, "Download the release (Word, DOCX)")),
      h("li", null, h("a", { href: files.pdf, download: "" }, "Download the release (PDF)")),
    ),
  );
}

export function releasePage(
  kit: Organisation,
  urls: { readonly newsroom: string; readonly feed: string },
  release: NewsroomRelease,
): ReactNode {
  const title = releaseHeadline(release.text);
  return document(
    {
      title,
      description: releaseSummary(release.text),
      url: release.url,
      type: "article",
      siteName: `${kit.name} newsroom`,
      feedUrl: urls.feed,
      ...(release.files?.images[0]
        ? { image: { ...previewOf(release.files.images[0]), alt: release.files.images[0].alt } }
        : {}),
    },
    masthead(kit, urls.newsroom),
    h(
      "main",
      null,
      h(
        "article",
        { className: "release" },
        h("p", { className: "meta" }, h("time", { dateTime: release.publishAt }, releaseDate(release.publishAt))),
        releaseBlocks(release.text).map(block),
        release.files ? releaseMedia(release.files) : null,
        h("a", { className: "share", href: whatsAppShare(title, release.url) }, "Share on WhatsApp"),
      ),
    ),
    pressKit(kit),
  );
}

/** A small public page of the newsroom's look outside a newsroom (unsubscribing, say), never indexed. */
export function noticePage(title: string, url: string, ...body: ReactNode[]): ReactNode {
  return document({ title, description: title, url, type: "website", siteName: "Vox" }, h("main", null, ...body));
}

export function notFoundPage(url: string): ReactNode {
  return document(
    { title: "Not found", description: "There is no newsroom page here.", url, type: "website", siteName: "Vox" },
    h("main", null, h("h1", null, "Not found"), h("p", null, "There is no newsroom page at this address.")),
  );
}

/** The page as HTML, whole: it is cached as one response. */
export async function renderPage(page: ReactNode): Promise<string> {
  const stream = await renderToReadableStream(page);
  await stream.allReady;
  return new Response(stream).text();
}
