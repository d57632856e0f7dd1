import type { Locator, Page } from 'playwright';
import { queryAlternativeAt, recordedQuery, type ElementsWait, type QueryAlternative } from '../ir/index.js';
import { countMatches } from './count-and-probe.js';
import { pollUntil } from './poll.js';
import { askRecordedQuery } from './devtools/ask-recorded-query.js';
import { errorLine } from '../error-line.js';

interface Look {
  /** The alternative that matched anything (the last one when none did). */
  selector: string;
  matches: number;
  /** The first attribute/property a match lacks, in words. */
  mismatch?: string;
}

const COMPARE = { '>=': (a: number, b: number) => a >= b, '==': (a: number, b: number) => a === b, '<=': (a: number, b: number) => a <= b };

/**
 * Waits as @puppeteer/replay's `waitForElement` does: polls until the condition holds (or, with
 * `visible: false`, stops holding). Undefined when it did; else a message saying what was
 * there instead, for an `assertion-failed` step.
 */
export async function waitForElements(page: Page, w: ElementsWait, timeoutMs: number): Promise<string | undefined> {
  let last: Look | undefined;
  const want = w.visible !== false;
  const done = await pollUntil(async () => {
    last = await look(page, w);
    const holds = COMPARE[w.operator](last.matches, w.count) && !last.mismatch;
    return holds === want ? true : undefined;
  }, timeoutMs);
  if (done) return undefined;
  const seen = last ? `${last.matches} matched (${last.selector})${last.mismatch ? `, ${last.mismatch}` : ''}` : 'nothing could be checked';
  // The step's description already says what was waited for.
  return `not so after ${timeoutMs} ms: ${seen}`;
}

async function look(page: Page, w: ElementsWait): Promise<Look> {
  let found: { selector: string; matches: number; locator: Locator } | undefined;
  for (const [i, selector] of w.selectors.entries()) {
    const counted = await matchesOf(page, selector, queryAlternativeAt(w, i));
    if (counted.matches > 0) {
      found = counted;
      break;
    }
  }
  if (!found) {
    const recorded = queryAlternativeAt(w, w.selectors.length - 1);
    return { selector: recorded ? recordedQuery(recorded) : w.selectors.at(-1)!, matches: 0 };
  }
  if (!w.attributes && !w.properties) return { selector: found.selector, matches: found.matches };
  const mismatch = await found.locator
    .evaluateAll(
      (els, { attributes, properties }) => {
        const deep = (want: unknown, have: unknown): boolean => {
          if (want === have) return true;
          if (!want || !have || typeof want !== 'object' || typeof have !== 'object') return false;
          return Object.entries(want).every(([k, v]) => deep(v, (have as Record<string, unknown>)[k]));
        };
        for (const [i, el] of els.entries()) {
          for (const [name, value] of Object.entries(attributes ?? {})) {
            const has = el.getAttribute(name);
            if (has !== value)
              return `match ${i + 1} has ${name}=${has === null ? 'nothing' : JSON.stringify(has)}, expected ${JSON.stringify(value)}`;
          }
          for (const [name, value] of Object.entries(properties ?? {})) {
            const has = (el as unknown as Record<string, unknown>)[name];
            if (!deep(value, has))
              return `match ${i + 1} has .${name} = ${JSON.stringify(has) ?? String(has)}, expected ${JSON.stringify(value)}`;
          }
        }
        return undefined;
      },
      { attributes: w.attributes, properties: w.properties },
    )
    .catch((error: unknown) => `its attributes could not be read (${errorLine(error)})`);
  const look = { selector: found.selector, matches: found.matches };
  return mismatch ? { ...look, mismatch } : look;
}

/**
 * The matches of one alternative: an `aria/` one as Chrome's accessibility tree names them (the
 * query the other `aria/` selectors use), a `text/` one as Puppeteer's text query finds them,
 * else the Playwright selector's. The selector stands in only when the query cannot be asked.
 */
async function matchesOf(page: Page, selector: string, asked: QueryAlternative | undefined): Promise<Look & { locator: Locator }> {
  const found = asked ? await askRecordedQuery(page, asked) : undefined;
  if (found) return { selector: found.label, matches: found.count, locator: found.locator };
  // A selector this page cannot evaluate yet (a frame still loading) counts as no match.
  return { selector, matches: await countMatches({ frame: page.mainFrame(), selector }), locator: page.locator(selector) };
}
