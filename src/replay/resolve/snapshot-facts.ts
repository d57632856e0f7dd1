import type { Browser, Page } from 'playwright';
import { decodePng, type Rgba } from '../../compare/png-decode.js';
import { cropSimilarity } from '../../compare/crop-similarity.js';
import type { ElementFacts } from '../../compare/element-facts.js';
import { decide, type Match } from '../../compare/target-match.js';
import { includeHidden } from '../../selectors/index.js';
import { openSharedSealedPage } from '../sealed-page.js';
import { collectCandidates, MARK, type Candidate } from './collect.js';
import { explainedByHover, IN_RECORDED_PAGE } from './hover-difference.js';
import { visualAgreement } from './visual-check.js';
import { DEFAULT_MIN_SCORE } from '../../ir/defaults.js';
import { timed } from '../profile.js';
import { clipToViewport, viewportScreenshot } from '../viewport-shot.js';

export interface SnapshotContext {
  html: string;
  viewport?: { width: number; height: number };
  /** The recorded screenshot of the same moment: picks the recorded element among look-alikes. */
  screenshot?: Rgba;
  /**
   * Where the page's relative stylesheets are fetched from (the live page's URL). Only GETs of
   * styles, fonts and images to that origin are let through; the page still runs no script.
   */
  styleBase?: string;
}

/**
 * Finds the recorded target in the recorded before-state and returns what it looked like
 * there: its row's text, attributes, tag. This is what tells two look-alike rows apart when
 * the live page no longer matches the selector. The one element the selector names as recorded
 * is it; failing that, hidden elements count too (a control shown only on hover is hidden in a
 * static snapshot), and when several match, the recorded screenshot — taken with the pointer on
 * the real one — says which.
 */
export async function factsFromSnapshot(browser: Browser, selector: string, snapshot: SnapshotContext): Promise<ElementFacts | undefined> {
  const page = await timed('facts.open', () =>
    openSharedSealedPage(browser, {
      viewport: snapshot.viewport,
      allowHost: snapshot.styleBase ? new URL(snapshot.styleBase).host : undefined,
    }),
  );
  try {
    if (snapshot.styleBase) await allowStylesFrom(page, snapshot.styleBase);
    const html = snapshot.styleBase ? withBase(snapshot.html, snapshot.styleBase) : snapshot.html;
    await timed('facts.set-content', () => page.setContent(html, { waitUntil: 'load', timeout: 10_000 }));
    // The elements the selector names, as recorded and with hidden ones too, each marked once and
    // collected whatever they are (a plain box included).
    const named = [
      { query: selector, attr: AS_RECORDED },
      { query: includeHidden(selector), attr: WITH_HIDDEN },
    ];
    for (const { query, attr } of named) await page.locator(query).evaluateAll((els, a) => els.forEach((e) => e.setAttribute(a, '')), attr);
    const candidates = await timed('facts.collect', () =>
      collectCandidates(page, { also: named.map(({ attr }) => `[${attr}]`).join(',') }),
    );
    const matching = async (attr: string) => {
      // Playwright's CSS, as the selector's own engines, pierces open shadow roots.
      const marks = await page.locator(`[${attr}]`).evaluateAll((els, mark) => els.map((e) => e.getAttribute(mark)), MARK);
      return marks.map((m) => candidates.find((c) => c.mark === m)).filter((c): c is Candidate => c !== undefined);
    };
    // As recorded first: the recorder made the selector unique among the elements shown, so where
    // the recorded styles hide the rest (a closed dropdown's list of the same role and words), it
    // names one. Only when it does not are hidden elements counted (a control shown only on hover
    // is hidden in a static snapshot) and the recorded screenshot asked which.
    const asRecorded = await matching(AS_RECORDED);
    const found = asRecorded.length === 1 ? asRecorded : await matching(WITH_HIDDEN);
    const chosen = found.length === 1 ? found[0] : await timed('facts.by-screenshot', () => byScreenshot(page, found, snapshot.screenshot));
    if (!chosen) return undefined;
    const { frame: _frame, mark: _mark, box: _box, visible: _visible, ...facts } = chosen;
    const atRest = await timed('facts.shown-at-rest', () => shownAtRest(page, chosen, snapshot.screenshot));
    return atRest ? { ...facts, shownAtRest: true } : facts;
  } catch {
    return undefined;
  } finally {
    await timed('facts.close', () => page.close().catch(() => undefined));
  }
}

async function byScreenshot(page: Page, found: Candidate[], screenshot: Rgba | undefined): Promise<Candidate | undefined> {
  const viewport = page.viewportSize();
  if (!screenshot || found.length < 2 || found.length > 12 || screenshot.width !== viewport?.width || screenshot.height !== viewport.height)
    return undefined;
  const odd = await explainedByHover(page, found, screenshot, IN_RECORDED_PAGE);
  if (odd) return odd;
  const matches: Match<Candidate>[] = [];
  for (const c of found) matches.push({ item: c, score: (await visualAgreement(page, screenshot, c)) ?? 0, evidence: [] });
  const decision = decide(matches, { minScore: DEFAULT_MIN_SCORE, margin: 0.15 });
  return decision.kind === 'unique' ? decision.best.item : undefined;
}

/** Mark the elements the recorded selector names in the snapshot: as recorded, and with hidden elements counted too. */
const AS_RECORDED = 'data-rw-recorded';
const WITH_HIDDEN = 'data-rw-recorded-hidden';

/** How alike the recorded screenshot and the snapshot must look at the target to say it was drawn as recorded (cropSimilarity). */
const DRAWN_AS_RECORDED = 0.9;

/**
 * Whether the target was shown at rest when recorded: shown here, in a snapshot that has every
 * stylesheet it links (one that failed to load would show what the recorded styles hid), and
 * drawn here as the recorded screenshot shows it (styles set by a script, which a snapshot runs
 * none of, leave it looking otherwise).
 */
async function shownAtRest(page: Page, chosen: Candidate, screenshot: Rgba | undefined): Promise<boolean> {
  const viewport = page.viewportSize();
  const box = chosen.box;
  if (!chosen.visible || !box || !screenshot || screenshot.width !== viewport?.width || screenshot.height !== viewport.height) return false;
  const styled = await page.evaluate(() =>
    Array.from(document.querySelectorAll('link[rel~="stylesheet" i]')).every((l) => (l as HTMLLinkElement).sheet !== null),
  );
  if (!styled) return false;
  const clip = clipToViewport(box, viewport);
  if (!clip) return false;
  const shot = await viewportScreenshot(page, { clip, timeoutMs: 5_000 }).catch(() => undefined);
  return shot !== undefined && cropSimilarity(screenshot, decodePng(shot), clip) >= DRAWN_AS_RECORDED;
}

async function allowStylesFrom(page: Page, base: string): Promise<void> {
  const origin = new URL(base).origin;
  // Registered after the sealing route, so it is consulted first; anything else falls back to abort.
  await page.route('**/*', (route) => {
    const r = route.request();
    const ok = r.method() === 'GET' && ['stylesheet', 'font', 'image'].includes(r.resourceType()) && new URL(r.url()).origin === origin;
    return ok ? route.continue() : route.fallback();
  });
}

function withBase(html: string, base: string): string {
  const tag = `<base href="${base.replace(/"/g, '&quot;')}">`;
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (h) => `${h}${tag}`) : `${tag}${html}`;
}
