import type { Frame, Locator, Page } from 'playwright';
import type { Locate, Target } from '../ir/index.js';
import { pollUntil } from './poll.js';

export type Resolution =
  | { ok: true; locator: Locator; by: Locate['kind']; frame?: string }
  | { ok: false; reason: 'target-not-found' | 'ambiguous-target'; message: string };

const FRAME_HOP = ' >> internal:control=enter-frame >> ';

/**
 * Finds the one element a step acts on. Each recorded way of finding it is tried in the
 * recorded order; the first that matches exactly one element wins. A way that matches several
 * is not acted on (clicking "one of them" is how replays go silently wrong); if nothing
 * matches uniquely before the timeout, the step fails with what was seen.
 */
export async function resolveTarget(page: Page, target: Target, timeoutMs: number): Promise<Resolution> {
  const tried = new Map<string, number>();
  const found = await pollUntil(async () => {
    for (const locate of target.locate) {
      for (const candidate of candidatesFor(page, locate)) {
        const count = await candidate.locator.count().catch(() => 0);
        tried.set(candidate.label, count);
        if (count === 1) return { ok: true as const, locator: candidate.locator, by: locate.kind, frame: candidate.frame };
      }
    }
    return undefined;
  }, timeoutMs);
  if (found) return found;
  const ambiguous = [...tried].filter(([, n]) => n > 1);
  const seen = [...tried].map(([label, n]) => `${label} → ${n}`).join('; ');
  if (ambiguous.length > 0) {
    return { ok: false, reason: 'ambiguous-target', message: `no recorded locator matched exactly one element (${seen})` };
  }
  const untried = target.locate.filter((l) => candidatesFor(page, l).length === 0).map((l) => l.kind);
  const note = untried.length ? ` (not usable on a live page: ${untried.join(', ')})` : '';
  return { ok: false, reason: 'target-not-found', message: `nothing matched within ${timeoutMs} ms (${seen || 'no live locator'})${note}` };
}

interface Candidate {
  label: string;
  locator: Locator;
  frame?: string;
}

function candidatesFor(page: Page, locate: Locate): Candidate[] {
  switch (locate.kind) {
    case 'selector': {
      if (locate.framePath) {
        const full = [...locate.framePath, locate.selector].join(FRAME_HOP);
        return [{ label: full, locator: page.locator(full) }];
      }
      // Recorder lines up to 1.49 carry no frame information (microsoft/playwright#34157): an
      // action inside an iframe looks like a main-frame one, so every frame is a candidate.
      return framesOf(page).map((frame) => ({
        label: frame === page.mainFrame() ? locate.selector : `${locate.selector} in frame ${frameLabel(frame)}`,
        locator: frame.locator(locate.selector),
        frame: frame === page.mainFrame() ? undefined : frameLabel(frame),
      }));
    }
    case 'role':
      return [{
        label: `role=${locate.role}${locate.name !== undefined ? `[name="${locate.name}"]` : ''}`,
        locator: page.getByRole(locate.role as Parameters<Page['getByRole']>[0], { name: locate.name, exact: locate.exact }),
      }];
    case 'text':
      return [{ label: `text="${locate.text}"`, locator: page.getByText(locate.text, { exact: locate.exact }) }];
    case 'label':
      return [{ label: `label="${locate.text}"`, locator: page.getByLabel(locate.text, { exact: locate.exact }) }];
    case 'placeholder':
      return [{ label: `placeholder="${locate.text}"`, locator: page.getByPlaceholder(locate.text, { exact: locate.exact }) }];
    case 'alt':
      return [{ label: `alt="${locate.text}"`, locator: page.getByAltText(locate.text, { exact: locate.exact }) }];
    case 'title':
      return [{ label: `title="${locate.text}"`, locator: page.getByTitle(locate.text, { exact: locate.exact }) }];
    case 'testId':
      return [{ label: `testid=${locate.testId}`, locator: page.getByTestId(locate.testId) }];
    case 'css':
      return [{ label: locate.css, locator: page.locator(locate.css) }];
    case 'xpath':
      return [{ label: `xpath=${locate.xpath}`, locator: page.locator(`xpath=${locate.xpath}`) }];
    // Recorded node ids, fingerprints and boxes describe the recording, not the live page; they
    // are used by snapshot replay and target re-identification, not by this exact-match pass.
    case 'backendNodeId':
    case 'fingerprint':
    case 'box':
      return [];
  }
}

function framesOf(page: Page): Frame[] {
  const main = page.mainFrame();
  return [main, ...page.frames().filter((f) => f !== main)];
}

function frameLabel(frame: Frame): string {
  return frame.name() || frame.url();
}
