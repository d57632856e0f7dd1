import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Page } from 'playwright';
import { domSimilarity, pageShape } from '../compare/dom-similarity.js';
import { diffScreenshots } from '../compare/screenshot-diff.js';
import type { CompareThresholds } from '../compare/thresholds.js';
import { judge, type Figures } from '../compare/verdict.js';
import type { Box, Step } from '../ir/index.js';
import type { BeforeStateComparison } from '../report/results.js';
import { relativeToOut } from './episode-files.js';

export type CompareMode = 'off' | 'screenshot' | 'dom' | 'all';

export interface CompareOptions {
  mode: CompareMode;
  thresholds: CompareThresholds;
  /** Selectors whose boxes are ignored in screenshot comparison (clocks, ads). */
  maskSelectors: string[];
  /** Boxes (CSS px) ignored in screenshot comparison. */
  maskBoxes: Box[];
}

export interface CompareEnv {
  out: string;
  /** This episode's folder. */
  dir: string;
  mapUrl(url: string): string;
  /** The recorded HTML as a browser would have it (Mind2Web's raw_html is XML of the DOM). */
  asHtml?(recorded: string): string;
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
  const dumped = options.mode !== 'screenshot' ? before.html ?? htmlFile(before.htmlFile) : undefined;
  const recordedHtml = dumped !== undefined && env.asHtml ? env.asHtml(dumped) : dumped;
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
    if (recordedPng && livePng) {
      copyFileSync(before.screenshot!, file(`recorded${extname(before.screenshot!) || '.png'}`));
      writeFileSync(file('live.png'), livePng);
      const withImage = diffScreenshots(recordedPng, livePng, { threshold: options.thresholds.pixelThreshold, masks, diffImage: true });
      if (withImage.diffPng) writeFileSync(file('diff.png'), withImage.diffPng);
      result.images = { recorded: rel(file(`recorded${extname(before.screenshot!) || '.png'}`)), live: rel(file('live.png')), diff: withImage.diffPng ? rel(file('diff.png')) : undefined };
    }
    if (recordedHtml !== undefined && liveHtml !== undefined) {
      // Recorded HTML is untrusted: saved as text for reading, never served as a page of ours.
      writeFileSync(file('recorded.html.txt'), recordedHtml);
      writeFileSync(file('live.html.txt'), liveHtml);
      result.html = { recorded: rel(file('recorded.html.txt')), live: rel(file('live.html.txt')) };
    }
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
