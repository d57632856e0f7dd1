import type { Page } from 'playwright';
import { changedElements, changedRegions, type ElementText, type StepNoise } from '../compare/noise-mask.js';
import { LOAD_WAIT_MS, SCREENSHOT_TIMEOUT_MS } from '../ir/defaults.js';

export interface CalibrateOptions {
  /** Time between the two captures, ms: longer than the slowest clock or carousel to learn. */
  intervalMs: number;
  /** pixelmatch per-pixel threshold, as in comparison. */
  pixelThreshold: number;
}

/**
 * `--calibrate`: looks at the live page twice, `intervalMs` apart, without acting on it, and
 * returns what changed by itself — elements whose text changed (their paths and boxes) and any
 * other region whose pixels changed (animations, canvases, images swapped by script).
 */
export async function learnStepNoise(page: Page, options: CalibrateOptions): Promise<StepNoise> {
  await page.waitForLoadState('load', { timeout: LOAD_WAIT_MS }).catch(() => undefined);
  const capture = async () => {
    const shot = await page.screenshot({ animations: 'disabled', caret: 'hide', timeout: SCREENSHOT_TIMEOUT_MS });
    const texts = await page.evaluate(elementTexts);
    return { shot, texts };
  };
  const a = await capture();
  await page.waitForTimeout(options.intervalMs);
  const b = await capture();
  const elements = changedElements(a.texts, b.texts);
  const regions = changedRegions(a.shot, b.shot, options.pixelThreshold, 1, elements.boxes);
  return { selectors: elements.selectors, boxes: [...elements.boxes, ...regions] };
}

/**
 * Runs in the page: every element's path (`html > body:nth-child(2) > …`, as the DOM
 * comparison computes it from HTML), the text directly inside it, and its box in the viewport.
 */
function elementTexts(): ElementText[] {
  const out: ElementText[] = [];
  const walk = (el: Element, path: string) => {
    let text = '';
    for (const n of Array.from(el.childNodes)) if (n.nodeType === Node.TEXT_NODE) text += n.textContent ?? '';
    // Empty texts too: a counter that appears where there was nothing has changed as well.
    const r = el.getBoundingClientRect();
    out.push({
      path,
      text: text.trim(),
      box: r.width > 0 && r.height > 0 ? { x: r.x, y: r.y, width: r.width, height: r.height } : undefined,
    });
    Array.from(el.children).forEach((child, i) => walk(child, `${path} > ${child.localName}:nth-child(${i + 1})`));
  };
  walk(document.documentElement, document.documentElement.localName);
  return out;
}
