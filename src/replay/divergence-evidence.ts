import type { Locator, Page } from 'playwright';
import type { BeforeStateComparison } from '../ir/results.js';
import { SCREENSHOT_TIMEOUT_MS } from '../ir/defaults.js';

export interface EvidenceFiles {
  /** Writes the step's file `name` within the step's artifact budget; its path, or undefined when not written. */
  kept(name: string, data: string | Uint8Array): string | undefined;
  images: BeforeStateComparison['images'];
  scrub(text: string): string;
}

/** The whole live page (below the fold too) and its accessibility tree, read together. */
export interface Evidence {
  full?: Buffer;
  aria?: string;
}

/**
 * What only a step that does not match is worth paying for: the whole live page and its
 * accessibility tree, which say what the viewport screenshot cannot. Secret inputs are masked
 * here as in every screenshot (and scrubbed from the tree's text when written). A page that
 * had nothing beyond the viewport when captured (`viewportShot`) is not screenshotted again:
 * its full-page picture is that capture (~50 ms a diverging step).
 */
export async function captureEvidence(page: Page, hidden: Locator[], viewportShot?: Buffer): Promise<Evidence> {
  const [full, aria] = await Promise.all([
    viewportShot ??
      page
        .screenshot({ fullPage: true, animations: 'disabled', caret: 'hide', timeout: SCREENSHOT_TIMEOUT_MS, mask: hidden })
        .catch(() => undefined),
    page
      .locator('body')
      .ariaSnapshot({ timeout: 5000 })
      .catch(() => undefined),
  ]);
  return { full, aria };
}

export function keepEvidence(evidence: Evidence, at: EvidenceFiles): Pick<BeforeStateComparison, 'images' | 'aria'> {
  const found: Pick<BeforeStateComparison, 'images' | 'aria'> = {};
  const fullPage = evidence.full && at.kept('live-full.png', evidence.full);
  if (fullPage) found.images = { ...at.images, fullPage };
  const ariaFile = evidence.aria !== undefined ? at.kept('live-aria.yml', `${at.scrub(evidence.aria)}\n`) : undefined;
  if (ariaFile) found.aria = ariaFile;
  return found;
}
