import type { Browser, Frame, Locator, Page } from 'playwright';
import type { ElementFacts } from '../compare/element-facts.js';
import { DEFAULT_THRESHOLDS, type MatchThresholds } from '../compare/target-match.js';
import type { Evidence, Locate, Target } from '../ir/index.js';
import { includeHidden, throughFrames } from '../selectors/index.js';
import { countAndProbe, type FrameQuery } from './count-and-probe.js';
import { pollUntil } from './poll.js';
import { timed } from './profile.js';
import { bestByScore, frameName } from './resolve/by-score.js';
import { askRecordedQuery } from './devtools/ask-recorded-query.js';
import { recordedFacts } from './resolve/recorded-facts.js';
import { hoveredAsRecorded } from './resolve/hidden-target.js';
import { factsFromSnapshot } from './resolve/snapshot-facts.js';
import { recordedScreenshot } from './resolve/visual-check.js';
import { askingOrder } from './resolve/raced-alternatives.js';
import { shownAndProbed, withShown } from './resolve/shown-in-page.js';

/**
 * How a target was found, from most to least literal:
 * `recorded`        the recorded selector, unique on the live page;
 * `alternative`     another way the recording named it (getByRole/Label/… form), unique;
 * `normalized-name` the only element of the recorded role whose name matches once numbers,
 *                   case and punctuation are ignored ("Checkout (2)" → "Checkout (3)");
 * `similarity`      the clear best of every element by role, name, text, attributes, the
 *                   text around it, its place, and how it looks in the recorded screenshot.
 */
export type Strategy = 'recorded' | 'alternative' | 'normalized-name' | 'similarity';

export type Resolution =
  | {
      ok: true;
      locator: Locator;
      strategy: Strategy;
      score: number;
      evidence?: string[];
      frame?: string;
      revealed?: boolean;
      locate?: Locate;
      /** What `ResolveOptions.probe` returned for the element, when it ran in the counting round trip. */
      probed?: unknown;
    }
  | { ok: false; reason: 'target-not-found' | 'ambiguous-target'; message: string; candidates?: { name: string; score: number }[] };

export interface ResolveOptions {
  timeoutMs: number;
  /** Only the recorded selector, as a plain Playwright loop would: no fallbacks. */
  strict?: boolean;
  /**
   * The recorded alternatives asked in their order, only the first counting as `recorded`, where
   * a recording's player races them (Target `raced`): for `--heal`, which must learn that the
   * first one no longer finds the element to put a working one before it.
   */
  inOrder?: boolean;
  /**
   * A recorded page rendered from its snapshot: every recorded locator is tried as recorded,
   * including recorded node ids (kept as `backend_node_id` attributes), and nothing fuzzy.
   */
  snapshot?: boolean;
  thresholds?: MatchThresholds;
  /** The step's recorded before-state: HTML and screenshot to recognise the target by. */
  before?: Evidence;
  browser?: Browser | null;
  /**
   * Run on the element in the same round trip that counts the recorded selector's matches, when
   * there is exactly one: what the action asks of its target just before acting (the click's
   * hit-test), without a round trip of its own.
   */
  probe?: Probe;
  /**
   * Settles when the page may be touched (the step's before-state captured): the first look
   * (count and probe, a read) runs before it, anything else (hovering, screenshots, the
   * answer's return, so the action) after.
   */
  gate?: Promise<unknown>;
  /** The page's viewport screenshot, taken by the step's comparison once `gate` settled (StepEnv). */
  screenshotBefore?: () => Buffer | undefined;
}

/** A self-contained in-page function (serialised, no closures) and its argument. */
export interface Probe {
  run: (el: Element, arg: never) => unknown;
  arg: unknown;
}

/**
 * Finds the one element a step acts on. The recorded ways of finding it are tried first, as
 * recorded; when none matches exactly one element (the site changed), every element on the
 * page is scored against all the recording knows about the target, and the step acts only
 * on a clear best above the threshold. Near-ties are `ambiguous-target`, never a guess.
 */
export async function resolveTarget(page: Page, recorded: Target, options: ResolveOptions): Promise<Resolution> {
  const { raced: _raced, ...unraced } = recorded;
  const target = options.inOrder ? unraced : recorded;
  const started = Date.now();
  const exactBudget = options.strict ? options.timeoutMs : Math.min(options.timeoutMs, Math.max(1000, options.timeoutMs / 10));
  const tried = new Map<string, number>();
  // What the recorded HTML says about the target does not depend on the live page: once the
  // recorded locators have found nothing for a while (a control shown only on hover, a renamed
  // one), it is read in its own sealed page while they are still given their chance.
  let snapshotFacts: Promise<ElementFacts> | undefined;
  const factsOnce = () =>
    (snapshotFacts ??= timed('resolve.facts', () => withSnapshotFacts(recordedFacts(target, options.before), target, page, options)));
  // The comparison's screenshot shows the page as the first look after the gate finds it; a later
  // look (rows that arrived since) is of another page, and takes its own.
  let firstLook = true;
  const exact = await timed('resolve.exact', () =>
    pollUntil<Resolution | typeof HIDDEN>(
      async () => {
        const found = await exactMatch(page, target, options.strict, tried, options.snapshot, options.probe);
        await options.gate;
        const atRest = firstLook ? options.screenshotBefore?.() : undefined;
        firstLook = false;
        if (found?.hidden && !options.strict && !options.snapshot) {
          // The one element the recorded selector finds is hidden. Where the recorded target was
          // shown at rest, that is another element the selector now names (an `nth=` counted
          // among a release's new hidden twins): it is waited for to show, then the page is
          // searched. Anything else (a control shown on hover) is acted on as found.
          const facts = await factsOnce().catch(() => undefined);
          if (!facts?.shownAtRest) return asResolution(found);
          return undefined;
        }
        if (found || options.strict || options.snapshot) return found && asResolution(found);
        // There but hidden (a control shown only while its row is hovered): waiting will not show
        // it, pointing at its row will, once the recorded HTML has said which row.
        const withHidden = [...tried.values()].every((n) => n === 0) ? hiddenMatches(page, target) : undefined;
        const shotFile = options.before?.screenshot;
        const hidden = withHidden
          ? await timed('resolve.hidden', () =>
              hoveredAsRecorded(page, withHidden, shotFile ? () => recordedScreenshot(shotFile) : undefined, {
                probe: options.probe,
                atRest,
              }),
            )
          : undefined;
        if (hidden && hidden.count > 0) {
          const seen = hidden.found;
          if (seen)
            return {
              ok: true,
              locator: seen.locator,
              strategy: 'similarity',
              score: 1,
              revealed: true,
              probed: seen.probed,
              evidence: [
                `the recorded selector matched only hidden elements (${[...tried].map(([l, n]) => `${l} → ${n}`).join('; ')}); this one's row, hovered, looks as in the recorded screenshot`,
              ],
            };
          await factsOnce().catch(() => undefined);
          const again = await exactMatch(page, target, options.strict, tried);
          return again ? asResolution(again) : HIDDEN;
        }
        if (Date.now() - started >= FACTS_HEAD_START_MS) void factsOnce().catch(() => undefined);
        return undefined;
      },
      options.snapshot ? Math.min(options.timeoutMs, 500) : exactBudget,
    ),
  );
  if (exact && exact !== HIDDEN) return exact;
  const seen = [...tried].map(([label, n]) => `${label} → ${n}`).join('; ');
  if (options.strict || options.snapshot) {
    const many = [...tried.values()].some((n) => n > 1);
    return {
      ok: false,
      reason: many ? 'ambiguous-target' : 'target-not-found',
      message: `${many ? 'the recorded selector matched several elements' : `nothing matched within ${options.timeoutMs} ms`} (${seen})`,
    };
  }

  const facts = await timed('resolve.facts-wait', () => factsOnce());
  const thresholds = options.thresholds ?? DEFAULT_THRESHOLDS;
  let last: Resolution | undefined;
  const deadline = started + options.timeoutMs;
  do {
    const quick = await exactMatch(page, target, options.strict, tried);
    if (quick && !(quick.hidden && facts.shownAtRest)) return asResolution(quick);
    last = await timed('resolve.score', () => bestByScore(page, facts, thresholds, options.before));
    // Said first in the evidence: every recorded alternative was tried before this re-identification.
    if (last.ok)
      return {
        ...last,
        evidence: [
          `no recorded alternative matched one element (${[...tried].map(([label, n]) => `${label} → ${n}`).join('; ')})`,
          ...(last.evidence ?? []),
        ],
      };
    if (Date.now() + 500 >= deadline) break;
    await page.waitForTimeout(500);
  } while (Date.now() < deadline);
  return last.ok ? last : { ...last, message: `${last.message}; recorded locators: ${seen}` };
}

/** A recorded locator's one element; `hidden` when it was not shown as it was counted. */
type ExactMatch = Extract<Resolution, { ok: true }> & { hidden?: true };

/** The resolution an exact match gives, without the mark of how it was found. */
function asResolution(match: ExactMatch): Resolution {
  const { hidden: _hidden, ...resolution } = match;
  return resolution;
}

/** The recorded selector matches only hidden elements; the recorded HTML has been read to tell which. */
const HIDDEN = Symbol('hidden');

/** The recorded selector made to match hidden elements too (role parts skip them), when it can be. */
function hiddenMatches(page: Page, target: Target): Locator | undefined {
  const recorded = target.locate[0];
  if (recorded?.kind !== 'selector' || recorded.framePath) return undefined;
  const withHidden = includeHidden(recorded.selector);
  return withHidden === recorded.selector ? undefined : page.locator(withHidden);
}

/** How long the recorded locators look alone before the recorded HTML is read beside them (most late elements are in by then). */
const FACTS_HEAD_START_MS = 250;

async function exactMatch(
  page: Page,
  target: Target,
  strict: boolean | undefined,
  tried: Map<string, number>,
  snapshot?: boolean,
  probe?: Probe,
): Promise<ExactMatch | undefined> {
  const locates = strict ? target.locate.slice(0, 1) : target.locate;
  const raced = strict ? 0 : (target.raced ?? 0);
  for (const i of askingOrder(locates, raced)) {
    const locate = locates[i]!;
    const candidates =
      snapshot && locate.kind === 'backendNodeId' ? nodeIdLocators(page, locate.backendNodeId, target) : liveLocators(page, locate);
    // A raced alternative the page answers wins only on a shown element (raced-alternatives.ts);
    // Chrome's accessibility tree leaves hidden elements out already.
    const mustBeShown = i < raced && locate.kind !== 'aria';
    // Whether the one element found is shown is asked in the same round trip, for every locate.
    const asking = withShown(probe);
    // An `aria` locate asks Chrome's accessibility tree (CDP), a `textContains` one Puppeteer's
    // text query in the page; each counts its own matches.
    const asked = locate.kind === 'aria' || locate.kind === 'textContains' ? await askRecordedQuery(page, locate, asking) : undefined;
    if (asked) candidates.push(asked);
    for (const candidate of candidates as (LiveLocator & { whenManyFor?: string; count?: number; probed?: unknown })[]) {
      if (candidate.whenManyFor !== undefined && (tried.get(candidate.whenManyFor) ?? 0) <= 1) continue;
      const answer =
        candidate.count !== undefined
          ? { count: candidate.count, probed: candidate.probed }
          : await timed('resolve.count', () => countAndProbe(candidate.query ?? candidate.locator, asking));
      const { shown, probed } = shownAndProbed(answer.probed);
      if (mustBeShown && answer.count === 1 && shown !== true) {
        tried.set(`${candidate.label} (not shown)`, answer.count);
        continue;
      }
      tried.set(answer.count === 1 && shown === false ? `${candidate.label} (hidden)` : candidate.label, answer.count);
      if (answer.count === 1)
        return {
          ok: true,
          locator: candidate.locator,
          strategy: i === 0 || i < raced ? 'recorded' : 'alternative',
          score: 1,
          frame: 'frame' in candidate ? candidate.frame : undefined,
          locate,
          probed,
          ...(shown === false ? { hidden: true } : {}),
        };
    }
  }
  return undefined;
}

/**
 * A recorded node id in a rendered snapshot, then — node ids do repeat in a few Mind2Web dumps —
 * the same id on the recorded tag only (the candidate's `tag`, kept in the fingerprint).
 */
function nodeIdLocators(page: Page, backendNodeId: string, target: Target): (LiveLocator & { whenManyFor?: string })[] {
  const attr = `[backend_node_id="${backendNodeId.replace(/["\\]/g, '')}"]`;
  const label = `backend_node_id=${backendNodeId}`;
  const main = page.mainFrame();
  const out: (LiveLocator & { whenManyFor?: string })[] = [{ label, ...inFrame(main, attr) }];
  const tag = target.locate.find((l) => l.kind === 'fingerprint')?.tag;
  // Tried only when the id alone matched several.
  if (tag && /^[a-z][a-z0-9-]*$/i.test(tag))
    out.push({ label: `${tag}[backend_node_id=${backendNodeId}]`, ...inFrame(main, `${tag}${attr}`), whenManyFor: label });
  return out;
}

/** The recorded HTML says more about the target than its selector (its row, its attributes). */
async function withSnapshotFacts(facts: ElementFacts, target: Target, page: Page, options: ResolveOptions): Promise<ElementFacts> {
  const selector = target.locate.find((l) => l.kind === 'selector');
  if (!options.before?.html || !options.browser || selector?.kind !== 'selector') return facts;
  const seen = await factsFromSnapshot(options.browser, selector.selector, {
    html: options.before.html,
    viewport: options.before.viewport ?? page.viewportSize() ?? undefined,
    screenshot: options.before.screenshot ? recordedScreenshot(options.before.screenshot) : undefined,
    styleBase: /^https?:/.test(page.url()) ? page.url() : undefined,
  });
  if (!seen) return facts;
  return {
    ...seen,
    ...Object.fromEntries(Object.entries(facts).filter(([, v]) => v !== undefined)),
    attrs: { ...seen.attrs, ...facts.attrs },
    context: facts.context ?? seen.context,
  };
}

export interface LiveLocator {
  label: string;
  locator: Locator;
  frame?: string;
  /** The same selector in its frame, when it has one: counted without Playwright's engine when plain (count-and-probe.ts). */
  query?: FrameQuery;
}

/** A selector in a frame: the locator to act on, and the same selector to count (plainly, when it can be). */
function inFrame(frame: Frame, selector: string): Pick<LiveLocator, 'locator' | 'query'> {
  return { locator: frame.locator(selector), query: { frame, selector } };
}

export function liveLocators(page: Page, locate: Locate): LiveLocator[] {
  switch (locate.kind) {
    case 'selector': {
      if (locate.framePath) {
        const full = throughFrames(locate.framePath, locate.selector);
        return [{ label: full, locator: page.locator(full) }];
      }
      // Recorder lines up to 1.49 carry no frame information (microsoft/playwright#34157): an
      // action inside an iframe looks like a main-frame one, so every frame is a candidate.
      const main = page.mainFrame();
      return [main, ...page.frames().filter((f) => f !== main)].map((frame) => ({
        label: frame === main ? locate.selector : `${locate.selector} in frame ${frameName(frame)}`,
        ...inFrame(frame, locate.selector),
        frame: frame === main ? undefined : frameName(frame),
      }));
    }
    case 'role':
      return [
        {
          label: `role=${locate.role}${locate.name !== undefined ? `[name="${locate.name}"]` : ''}`,
          locator: page.getByRole(locate.role as Parameters<Page['getByRole']>[0], { name: locate.name, exact: locate.exact }),
        },
      ];
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
      return [{ label: locate.css, ...inFrame(page.mainFrame(), locate.css) }];
    case 'xpath':
      return [{ label: `xpath=${locate.xpath}`, ...inFrame(page.mainFrame(), `xpath=${locate.xpath}`) }];
    // Node ids, fingerprints and boxes describe the recording, not the live page: they feed
    // the similarity pass (recordedFacts), not this exact one.
    case 'backendNodeId':
    case 'fingerprint':
    case 'box':
    case 'aria': // asked of Chrome's accessibility tree in exactMatch
    case 'textContains': // asked of the page in exactMatch
      return [];
  }
}
