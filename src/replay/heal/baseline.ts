import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { pageHtml } from '../page-html.js';
import type { StepResult } from '../../ir/results.js';
import { relativeToOut } from '../../results/episode-files.js';
import type { LiveCapture } from '../before-state.js';
import type { EpisodeSecrets } from '../episode-secrets.js';

/**
 * `--heal`: the live page just before a step, kept so `approve` can make it the recorded
 * before-state. The HTML is written back in the recording's own terms (values given for this
 * run turned back into the recording's placeholders) and with every secret scrubbed; the
 * screenshot masks what secrets were typed into. A capture that fails leaves the step without
 * a baseline: approve then keeps that step's recorded one. What the before-state comparison
 * captured of the same moment (`taken`) is written as it is, not captured a second time.
 */
export async function captureBaseline(
  page: Page,
  dir: string,
  index: number,
  out: string,
  secrets: EpisodeSecrets,
  taken?: LiveCapture,
): Promise<StepResult['baseline']> {
  const folder = join(dir, 'baseline');
  mkdirSync(folder, { recursive: true });
  const html = join(folder, `${index}.html.txt`);
  const screenshot = join(folder, `${index}.png`);
  try {
    writeFileSync(html, secrets.redactor.scrub(secrets.asRecorded(taken?.html ?? (await pageHtml(page)))));
    // The comparison's screenshot has the same options and the same secret masks.
    if (taken?.png) writeFileSync(screenshot, taken.png);
    else await page.screenshot({ path: screenshot, animations: 'disabled', caret: 'hide', timeout: 10_000, mask: secrets.masksOn(page) });
  } catch {
    return undefined;
  }
  return { screenshot: relativeToOut(out, screenshot), html: relativeToOut(out, html) };
}
