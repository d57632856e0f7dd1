import type { Frame, Page } from 'playwright';
import type { ElementFacts } from '../../compare/element-facts.js';
import {
  decide,
  meetsConstraints,
  normalizeName,
  numberedTwin,
  scoreElement,
  type Match,
  type MatchThresholds,
} from '../../compare/target-match.js';
import type { Evidence } from '../../ir/index.js';
import type { Resolution, Strategy } from '../locate.js';
import { timed } from '../profile.js';
import { candidateLocator, collectCandidates, plainLike, type Candidate } from './collect.js';
import { revealByHover } from './reveal.js';
import { LOOK_PATIENCE_MS, recordedScreenshot, visualAgreement } from './visual-check.js';

/** Near-tied elements compared with the recorded screenshot one by one (a hover and a screenshot each); more stay tied. */
const MAX_LOOKED_AT = 8;

/**
 * Every element on the page scored against all the recording knows about the target: the step
 * acts only on a clear best above the threshold; a near-tie is `ambiguous-target`, never a guess.
 */
export async function bestByScore(page: Page, facts: ElementFacts, thresholds: MatchThresholds, before?: Evidence): Promise<Resolution> {
  const all = await collectCandidates(page, { also: plainLike(facts) });
  const eligible = all.filter((c) => meetsConstraints(facts, c));
  let matches: Match<Candidate>[] = eligible.map((c) => ({ item: c, ...scoreElement(facts, c) }));

  // Same role, same name but for numbers and case: what a person would call "that button".
  if (facts.role && facts.name !== undefined) {
    const wanted = normalizeName(facts.name);
    const named = matches.filter((m) => m.item.role === facts.role && normalizeName(m.item.name ?? '') === wanted);
    if (named.length === 1) return await chosen(page, named[0]!, 'normalized-name');
    if (named.length > 1) matches = named.concat(matches.filter((m) => !named.includes(m)));
  }

  // Where the recorded target was shown at rest, a leading element that is hidden and that no
  // hover shows is not it (a closed dropdown's list of the same role and words): set aside, and
  // the rest decided again without it.
  const setAside = new Set<Match<Candidate>>();
  const shows = new Set<Match<Candidate>>();
  let hovered = false;
  let decision = decide(matches, thresholds);
  while (facts.shownAtRest && setAside.size < MAX_LOOKED_AT) {
    const leading = decision.kind === 'unique' ? [decision.best] : decision.kind === 'ambiguous' ? decision.top : [];
    const hidden = leading.filter((m) => !m.item.visible && !shows.has(m)).slice(0, MAX_LOOKED_AT - setAside.size);
    let more = false;
    for (const m of hidden) {
      hovered = true;
      if (await timed('resolve.reveal', () => revealByHover(m.item, LOOK_PATIENCE_MS))) {
        shows.add(m);
        continue;
      }
      setAside.add(m);
      more = true;
    }
    if (!more) break;
    decision = decide(
      matches.filter((m) => !setAside.has(m)),
      thresholds,
    );
  }
  // Before asking the screenshot: dots of one look are told apart by their numbers alone.
  const twin = decision.kind === 'ambiguous' ? numberedTwin(facts.name, decision.top) : undefined;
  if (twin)
    decision = {
      kind: 'unique',
      best: { ...twin, evidence: [...twin.evidence, 'the one near-tied element named as recorded, number and all'] },
    };
  const screenshot = before?.screenshot ? recordedScreenshot(before.screenshot) : undefined;
  const viewport = page.viewportSize();
  if (
    decision.kind === 'ambiguous' &&
    screenshot &&
    viewport &&
    screenshot.width === viewport.width &&
    screenshot.height === viewport.height
  ) {
    // Near-tie: ask the recorded screenshot which of them was there.
    // One at a time: revealing a hover-only candidate moves the pointer off the previous one.
    // The screenshot breaks the tie only when it was compared at every tied element. One it could
    // not be compared at (its hover did not show it in time on a loaded machine, it had no box)
    // counted as unlike would hand the tie to the others: a guess, seen picking either of two
    // identical rows in 2 of 30 runs under load. More than MAX_LOOKED_AT are not looked at.
    const tied = decision.top;
    const rescored: Match<Candidate>[] = [];
    hovered = true;
    for (const m of tied.length <= MAX_LOOKED_AT ? tied : []) {
      const visual = await timed('resolve.visual', () => visualAgreement(page, screenshot, m.item));
      if (visual === undefined) break;
      rescored.push({ item: m.item, ...scoreElement(facts, m.item, visual) });
    }
    if (rescored.length === tied.length) decision = decide(rescored, thresholds);
  }
  // Leave no candidate revealed: a hover left behind would make the next exact check find it.
  if (hovered) await page.mouse.move(0, 0).catch(() => undefined);
  if (decision.kind === 'unique') {
    const best = setAside.size
      ? {
          ...decision.best,
          evidence: [
            ...decision.best.evidence,
            `set aside ${setAside.size} hidden look-alike${setAside.size === 1 ? '' : 's'} no hover shows: the recorded target was shown at rest`,
          ],
        }
      : decision.best;
    return await chosen(page, best, 'similarity');
  }
  const top = (decision.kind === 'ambiguous' ? decision.top : decision.best ? [decision.best] : []).slice(0, 5);
  const candidates = top.map((m) => ({ name: describe(m.item), score: round(m.score) }));
  if (decision.kind === 'ambiguous') {
    return {
      ok: false,
      reason: 'ambiguous-target',
      message: `${decision.top.length} elements match the recorded target about equally well: ${candidates.map((c) => `${c.name} (${c.score})`).join(', ')}`,
      candidates,
    };
  }
  const best = candidates[0];
  return {
    ok: false,
    reason: 'target-not-found',
    message: `no element is like the recorded one${best ? ` (closest: ${best.name}, score ${best.score} < ${thresholds.minScore})` : ''}`,
    candidates,
  };
}

async function chosen(page: Page, match: Match<Candidate>, strategy: Strategy): Promise<Resolution> {
  const c = match.item;
  let revealed = false;
  if (!c.visible) {
    revealed = await timed('resolve.reveal', () => revealByHover(c));
    if (!revealed)
      return {
        ok: false,
        reason: 'target-not-found',
        message: `the best match (${describe(c)}) is hidden and hovering around it does not show it`,
      };
  }
  return {
    ok: true,
    locator: candidateLocator(c),
    strategy,
    score: round(match.score),
    evidence: match.evidence,
    frame: frameName(c.frame),
    revealed: revealed || undefined,
  };
}

function describe(c: Candidate): string {
  const name = c.name ? ` "${c.name.slice(0, 60)}"` : '';
  const where = c.context ? ` in "${c.context.slice(0, 60)}"` : '';
  return `${c.role ?? c.tag}${name}${where}`;
}

export function frameName(frame: Frame): string | undefined {
  return frame.parentFrame() ? frame.name() || frame.url() : undefined;
}

const round = (n: number) => Math.round(n * 1000) / 1000;
