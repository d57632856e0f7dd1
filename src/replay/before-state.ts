import { mkdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Page } from 'playwright';
import { domSimilarity, pageShape } from '../compare/dom-similarity.js';
import { diffScreenshots } from '../compare/screenshot-diff.js';
import type { CompareThresholds } from '../compare/thresholds.js';
import { judge, type Figures } from '../compare/verdict.js';
import type { Box, Step } from '../ir/index.js';
import type { BeforeStateComparison } from '../report/results.js';
import { relativeToOut } from './episode-files.js';
import { ArtifactBudget } from './artifact-budget.js';

export type CompareMode = 'off' | 'screenshot' | 'dom' | 'all';

export interface CompareOptions {
  mode: CompareMode;
  thresholds: CompareThresholds;
  /** Selectors whose boxes are ignored in screenshot comparison (clocks, ads). */
  maskSelectors: string[];
  /** Boxes (CSS px) ignored in screenshot comparison. */
  maskBoxes: Box[];
  /** `--max-artifact-bytes`: screenshot and HTML bytes one step may keep (default 16 MiB). */
  maxArtifactBytes?: number;
}

export interface CompareEnv {
  out: string;
  /** This episode's folder. */
  dir: string;
  mapUrl(url: string): string;
}

/**
 * Compares the live page just before a step with the step's recorded before-state: screenshot
 * (pixels, with shift detection), DOM (visible text and element structure) and URL. Images and
 * HTML dumps are written only when the states do not match — a matching step costs a capture
 * and a comparison, nothing on disk.
 */
export async function compareBeforeState(page: Page, step: Step, options: CompareOptions, env: CompareEnv): Promise<BeforeStateComparison | undefined> {
  const before = step.before;
  if (!before || options.mode === 'off') return undefined;
  const recordedPng = options.mode !== 'dom' ? readIf(before.screenshot) : undefined;
  const recordedHtml = options.mode !== 'screenshot' ? before.html ?? htmlFile(before.htmlFile) : undefined;
  if (!recordedPng && recordedHtml === undefined && !before.url) return undefined;

  const t0 = performance.now();
  await page.waitForLoadState('load', { timeout: 5000 }).catch(() => undefined);
  const livePng = recordedPng ? await page.screenshot({ animations: 'disabled', caret: 'hide', timeout: 10_000 }) : undefined;
  const liveHtml = recordedHtml !== undefined ? await page.content() : undefined;
  const masks = recordedPng ? [...options.maskBoxes, ...(await maskBoxes(page, options.maskSelectors))] : [];
  const t1 = performance.now();

  const figures: Figures = {};
  const shot = recordedPng && livePng ? diffScreenshots(recordedPng, livePng, { threshold: options.thresholds.pixelThreshold, masks, maxShiftPx: options.thresholds.maxShiftPx }) : undefined;
  if (shot) Object.assign(figures, { pixelRatio: shot.ratio, pixels: shot.pixels, shiftPx: shot.shiftPx });
  if (recordedHtml !== undefined && liveHtml !== undefined) Object.assign(figures, domSimilarity(pageShape(recordedHtml), pageShape(liveHtml)));
  let url: BeforeStateComparison['url'];
  if (before.url) {
    const recorded = env.mapUrl(before.url);
    url = { recorded, live: page.url(), same: sameDocument(recorded, page.url()) };
    figures.urlSame = url.same;
  }
  const { verdict, reasons } = judge(figures, options.thresholds);
  const t2 = performance.now();

  const result: BeforeStateComparison = {
    verdict,
    reasons,
    pixelRatio: shot ? round(shot.ratio) : undefined,
    shiftPx: shot?.shiftPx,
    textSimilarity: figures.textSimilarity !== undefined ? round(figures.textSimilarity) : undefined,
    structureSimilarity: figures.structureSimilarity !== undefined ? round(figures.structureSimilarity) : undefined,
    url,
    costMs: { capture: Math.round(t1 - t0), compare: Math.round(t2 - t1) },
  };
  if (verdict !== 'match') {
    const stepDir = join(env.dir, 'steps');
    mkdirSync(stepDir, { recursive: true });
    const file = (suffix: string) => join(stepDir, `${step.index + 1}-${suffix}`);
    const rel = (p: string) => relativeToOut(env.out, p);
    const budget = new ArtifactBudget(options.maxArtifactBytes);
    const kept = (name: string, data: string | Uint8Array | undefined) => (data !== undefined && budget.write(file(name), data) ? rel(file(name)) : undefined);
    if (recordedPng && livePng) {
      const recordedName = `recorded${extname(before.screenshot!) || '.png'}`;
      const withImage = diffScreenshots(recordedPng, livePng, { threshold: options.thresholds.pixelThreshold, masks, diffImage: true });
      const images = { recorded: kept(recordedName, recordedPng), live: kept('live.png', livePng), diff: kept('diff.png', withImage.diffPng) };
      if (images.recorded || images.live || images.diff) result.images = images;
    }
    if (recordedHtml !== undefined && liveHtml !== undefined) {
      // Recorded HTML is untrusted: saved as text for reading, never served as a page of ours.
      const html = { recorded: kept('recorded.html.txt', recordedHtml), live: kept('live.html.txt', liveHtml) };
      if (html.recorded || html.live) result.html = html;
    }
    const note = budget.note();
    if (note) result.artifactsNotWritten = note;
  }
  return result;
}

function readIf(path: string | undefined): Buffer | undefined {
  if (!path) return undefined;
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

function htmlFile(path: string | undefined): string | undefined {
  if (!path || !/\.html?$/i.test(path)) return undefined;
  return readIf(path)?.toString('utf8');
}

async function maskBoxes(page: Page, selectors: readonly string[]): Promise<Box[]> {
  const boxes: Box[] = [];
  for (const selector of selectors) {
    for (const handle of await page.locator(selector).all().catch(() => [])) {
      const box = await handle.boundingBox().catch(() => null);
      if (box) boxes.push(box);
    }
  }
  return boxes;
}

/** Same document: scheme, host, path and query; the fragment does not make another page. */
function sameDocument(a: string, b: string): boolean {
  const strip = (u: string) => u.split('#')[0]!.replace(/\/$/, '');
  return strip(a) === strip(b);
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;
