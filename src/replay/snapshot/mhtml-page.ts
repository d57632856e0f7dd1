import { readFileSync } from 'node:fs';
import type { Page, Route } from 'playwright';
import { parseMhtml, type MhtmlPart } from '../../ir/recorded-page/mhtml.js';

/** Where `cid:` parts are served from: a reserved name that resolves nowhere (RFC 2606). */
const CID_ORIGIN = 'https://mhtml.invalid/cid/';
const served = new WeakMap<Page, Map<string, MhtmlPart>>();

/**
 * Renders a recorded MHTML before-state in a sealed page: its parts are served from the archive
 * by a page route (everything else still falls through to the context's abort-all), `cid:`
 * references rewritten to a reserved origin so they can be served too. The page shown is the
 * archive's largest HTML document: Mind2Web's raw dump saved the Playwright trace viewer, whose
 * small wrapper frames the recorded page, and the recorded page is what the step acted on.
 */
export async function renderMhtml(
  page: Page,
  file: string,
  viewport: { width: number; height: number } | undefined,
  timeoutMs: number,
): Promise<void> {
  let archive: ReturnType<typeof parseMhtml>;
  try {
    archive = parseMhtml(readFileSync(file));
  } catch (error) {
    // The step's message must say which of thousands of snapshot files is bad.
    throw new Error(`${file}: ${(error as Error).message}`);
  }
  const byUrl = new Map<string, MhtmlPart>();
  for (const part of archive.parts) {
    const body = /^text\/|css|html|svg/.test(part.contentType)
      ? Buffer.from(withServableCids(part.body.toString('utf8')), 'utf8')
      : part.body;
    const copy = { ...part, body };
    if (part.location) byUrl.set(servedUrl(part.location), copy);
    if (part.id) byUrl.set(`${CID_ORIGIN}${part.id}`, copy);
  }
  const documents = archive.parts.filter((p) => p.contentType === 'text/html' && p.location);
  const main = documents.reduce<MhtmlPart | undefined>((a, b) => (!a || b.body.length > a.body.length ? b : a), undefined);
  if (!main) throw new Error(`${file}: the MHTML has no HTML document`);
  if (!served.has(page)) await page.route('**/*', (route) => serve(route, served.get(page)));
  served.set(page, byUrl);
  if (viewport) await page.setViewportSize(viewport);
  await page.goto(servedUrl(main.location!), { waitUntil: 'domcontentloaded', timeout: timeoutMs });
}

/** The recorded MHTML before-state file, if the step has one. */
export function mhtmlFile(htmlFile: string | undefined): string | undefined {
  return htmlFile && /\.mht(ml)?$/i.test(htmlFile) ? htmlFile : undefined;
}

function serve(route: Route, parts: Map<string, MhtmlPart> | undefined): Promise<void> {
  const part = parts?.get(route.request().url());
  if (!part) return route.fallback();
  return route.fulfill({ status: 200, contentType: part.contentType, body: part.body });
}

const servedUrl = (location: string) => (location.startsWith('cid:') ? `${CID_ORIGIN}${location.slice(4)}` : location);

function withServableCids(text: string): string {
  return text.replace(/\bcid:([^"'()\s<>]+)/g, (_, id: string) => `${CID_ORIGIN}${id}`);
}
