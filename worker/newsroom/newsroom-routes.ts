import { type Context, Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { API } from "../contracts/api-paths.ts";
import { letterheadOf } from "../organisation/contracts/letterhead.ts";
import { organisationOf } from "../organisation/store.ts";
import { releaseFileName } from "../press-releases/contracts/release-markdown.ts";
import { RELEASE_DOCUMENT_TYPES, releaseDocument } from "../press-releases/export/release-document.ts";
import { RELEASE_FILES, renditionOfFile } from "./contracts/newsroom.ts";
import { NEWSROOM_CACHE_CONTROL, newsroomCacheKey } from "./newsroom-cache.ts";
import { publicClip, publicImage, publicRendition } from "./newsroom-files.ts";
import { newsroomPage, notFoundPage, releasePage, renderPage } from "./newsroom-page.ts";
import { newsroomView, publicReleaseAt } from "./newsroom-view.ts";
import { newsroomFeed } from "./rss.ts";

/**
 * The public newsroom, `/newsroom/<slug>`: the page, each release's page and the RSS feed, for
 * anyone, HTML rendered here and kept in the edge cache until a release changes
 * (`newsroom-cache.ts`). An address with nothing public behind it is a 404 page, never cached, so
 * a release whose embargo lifts is found at once.
 */
export const newsroomPages = new Hono<AppEnv>();

const HTML = "text/html; charset=utf-8";
const SLUG = /^[a-z0-9-]{1,80}$/;

type Rendered = {
  readonly body: BodyInit;
  readonly type: string;
  /** A file's `Content-Disposition`; a page has none. */
  readonly disposition?: string;
} | null;

const notFound = async (c: Context<AppEnv>) =>
  new Response(await renderPage(notFoundPage(c.req.url)), {
    status: 404,
    headers: { "content-type": HTML, "cache-control": "no-store" },
  });

async function cachedPage(c: Context<AppEnv>, render: () => Promise<Rendered>): Promise<Response> {
  const url = new URL(c.req.url);
  const key = newsroomCacheKey(url.pathname);
  const hit = await c.var.edgeCache.match(key);
  if (hit) {
    const response = new Response(hit.body, hit);
    response.headers.set("x-vox-cache", "hit");
    return response;
  }
  const page = await render();
  if (!page) return notFound(c);
  const response = new Response(page.body, {
    headers: {
      "content-type": page.type,
      "cache-control": NEWSROOM_CACHE_CONTROL,
      ...(page.disposition ? { "content-disposition": page.disposition } : {}),
    },
  });
  await c.var.edgeCache.put(key, response.clone());
  response.headers.set("x-vox-cache", "miss");
  return response;
}

const view = (c: Context<AppEnv>, slug: string, releaseSlug?: string) =>
  SLUG.test(slug) && (releaseSlug === undefined || SLUG.test(releaseSlug))
    ? newsroomView(c.env.DB, c.var.config, new URL(c.req.url).origin, slug, releaseSlug)
    : Promise.resolve(null);

newsroomPages.get(API.newsroom.at.feed, (c) =>
  cachedPage(c, async () => {
    const newsroom = await view(c, c.req.param("slug"));
    if (!newsroom) return null;
    const body = newsroomFeed(newsroom.kit, newsroom.urls, newsroom.releases);
    return { body, type: "application/rss+xml; charset=utf-8" };
  }),
);

newsroomPages.get(API.newsroom.at.newsroom, (c) =>
  cachedPage(c, async () => {
    const newsroom = await view(c, c.req.param("slug"));
    if (!newsroom) return null;
    return { body: await renderPage(newsroomPage(newsroom.kit, newsroom.urls, newsroom.releases)), type: HTML };
  }),
);

newsroomPages.get(API.newsroom.at.release, (c) =>
  cachedPage(c, async () => {
    const newsroom = await view(c, c.req.param("slug"), c.req.param("release"));
    const release = newsroom?.releases[0];
    if (!newsroom || !release) return null;
    return { body: await renderPage(releasePage(newsroom.kit, newsroom.urls, release)), type: HTML };
  }),
);

/**
 * A public release's files (`release-files.ts`), only while the release is public: the DOCX and
 * PDF, made from its text, are cached and purged with its page; its images, their renditions and
 * its clip are read from R2 each time, so a removed image or a release taken down is gone at once.
 */
newsroomPages.get(API.newsroom.at.file, async (c) => {
  const { slug, release: releaseSlug, file } = c.req.param();
  const found =
    SLUG.test(slug) && SLUG.test(releaseSlug) ? await publicReleaseAt(c.env.DB, c.var.config, slug, releaseSlug) : null;
  if (!found) return notFound(c);
  const { row, userId } = found;
  if (file === RELEASE_FILES.docx || file === RELEASE_FILES.pdf) {
    const format = file === RELEASE_FILES.docx ? "docx" : "pdf";
    return cachedPage(c, async () => ({
      body: await releaseDocument(format, row.text, await letterheadOf(await organisationOf(c.env.DB, userId))),
      type: RELEASE_DOCUMENT_TYPES[format],
      disposition: `attachment; filename="${releaseFileName(row.text, row.publish_at, format)}"`,
    }));
  }
  const rendition = renditionOfFile(file);
  const response =
    file === RELEASE_FILES.recording
      ? await publicClip(c.env, row, c.req.header("range"))
      : rendition
        ? await publicRendition(c.env, row, rendition.imageId, rendition.width)
        : await publicImage(c.env, row, file, c.req.header("if-none-match"));
  return response ?? notFound(c);
});
