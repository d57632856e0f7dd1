import type { ElementFacts } from './element-facts.js';
import { DEFAULT_MATCH_MARGIN, DEFAULT_MIN_SCORE } from '../ir/defaults.js';
import { foldText, identifierWords } from './fold-text.js';
import { subclassRoles } from './kindred-roles.js';

/** One live element's similarity to the recorded target, with the evidence behind it. */
export interface Match<T> {
  item: T;
  /** 0–1. */
  score: number;
  evidence: string[];
}

export type Decision<T> =
  { kind: 'unique'; best: Match<T>; runnerUp?: Match<T> } | { kind: 'ambiguous'; top: Match<T>[] } | { kind: 'none'; best?: Match<T> };

export interface MatchThresholds {
  /** Below this a candidate is not the target. */
  minScore: number;
  /** The best must beat the runner-up by this much, or the step is ambiguous. */
  margin: number;
}

export const DEFAULT_THRESHOLDS: MatchThresholds = { minScore: DEFAULT_MIN_SCORE, margin: DEFAULT_MATCH_MARGIN };

// How much each kind of evidence counts. Name and role say what the element is for; context
// says which of several alike it is (as much as the name: rows of identical buttons are the
// common case); the box only breaks near-ties of the rest.
// Identifier words (id, classes, attribute values) say what an element is for in the markup's
// own words.
const WEIGHTS = { role: 3, name: 4, text: 2, tag: 1, attrs: 2, words: 2, context: 4, box: 1.5, visual: 4 } as const;

/**
 * Folded (foldText: case, zero-width and bidi characters, glyph variants), no digits (counts
 * drift: "Checkout (2)" → "Checkout (3)"), no punctuation, single spaces. Icon glyphs stay.
 */
export function normalizeName(s: string): string {
  return foldText(s)
    .replace(/\d+/g, ' ')
    .replace(/[^\p{L}\p{N}\p{So}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const normalizeText = (s: string) => foldText(s);

/** Dice similarity of character bigrams: tolerant of small edits, 1 for equal strings. */
export function stringSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  const grams = new Map<string, number>();
  for (let i = 0; i < a.length - 1; i++) {
    const g = a.slice(i, i + 2);
    grams.set(g, (grams.get(g) ?? 0) + 1);
  }
  let shared = 0;
  for (let i = 0; i < b.length - 1; i++) {
    const g = b.slice(i, i + 2);
    const n = grams.get(g) ?? 0;
    if (n > 0) {
      shared++;
      grams.set(g, n - 1);
    }
  }
  return (2 * shared) / (a.length + b.length - 2);
}

const isGlyph = (s: string) => foldText(s).length > 0 && !/[\p{L}\p{N}]/u.test(s);

/**
 * Names alike once counts, case, invisible characters and glyph variants are set aside; two
 * unrelated icon glyphs are alike enough to be considered. A name whose words all appear, in
 * order, at the start or end of the other (at least two words: `post /loans` in `POST /loans
 * Lend a book`) is the same control with its label shortened or extended.
 */
export function nameSimilarity(recorded: string, live: string): number {
  const a = normalizeName(recorded);
  const b = normalizeName(live);
  if (a === b && (a !== '' || foldText(recorded) === foldText(live))) return 1;
  if (isGlyph(recorded) && isGlyph(live)) return 0.7;
  return Math.max(stringSimilarity(a, b), affixSimilarity(a, b));
}

/** 0.8 when the shorter name's words (≥ 2) begin or end the longer one's, else 0. */
function affixSimilarity(a: string, b: string): number {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.split(' ').length < 2) return 0;
  return long.startsWith(`${short} `) || long.endsWith(` ${short}`) ? 0.8 : 0;
}

/**
 * Share of the recorded identifier's words (an id such as `input-request-param-bookId`) found
 * among the live element's id, classes and attribute values (`request-param`, `data-pname=
 * "bookId"`): the markup naming the same thing in another spelling. Undefined for identifiers
 * of fewer than two words, which say too little to compare this way.
 */
export function identifierSimilarity(recordedId: string, live: ElementFacts): number | undefined {
  const wanted = new Set(identifierWords(recordedId));
  if (wanted.size < 2) return undefined;
  const have = new Set([live.id ?? '', ...(live.classes ?? []), ...Object.values(live.attrs ?? {})].flatMap(identifierWords));
  if (live.tag) have.add(live.tag);
  let found = 0;
  for (const w of wanted) if (have.has(w)) found++;
  return found / wanted.size;
}

/**
 * Scores a live element against the recorded target. Each kind of evidence the recording has
 * contributes its weight times a 0–1 similarity; evidence the recording lacks is left out
 * (not counted as a mismatch). `visual` is the recorded screenshot's agreement at the
 * element's place, when the replayer measured it.
 */
export function scoreElement(recorded: ElementFacts, live: ElementFacts, visual?: number): { score: number; evidence: string[] } {
  let sum = 0;
  let weight = 0;
  const evidence: string[] = [];
  const add = (kind: keyof typeof WEIGHTS, similarity: number, note: string) => {
    sum += WEIGHTS[kind] * similarity;
    weight += WEIGHTS[kind];
    evidence.push(`${note} ${similarity.toFixed(2)}`);
  };

  if (recorded.role) add('role', roleSimilarity(recorded.role, live.role), `role ${live.role ?? '?'}`);
  if (recorded.name !== undefined) {
    const named = nameMatch(recorded.name, live);
    add('name', named.similarity, named.note);
  }
  if (recorded.text !== undefined && recorded.text !== recorded.name) {
    add('text', stringSimilarity(normalizeName(recorded.text), normalizeName(live.text ?? '')), 'text');
  }
  if (recorded.tag) add('tag', recorded.tag === live.tag ? 1 : 0, `tag ${live.tag ?? '?'}`);
  const attrs = Object.entries(recorded.attrs ?? {}).filter(([k]) => STABLE_ATTRS.has(k));
  const stableId = recorded.id && !/\d/.test(recorded.id) ? recorded.id : undefined;
  // An id of several words is judged by its words (below): all found when it is unchanged.
  const idWords = stableId ? identifierSimilarity(stableId, live) : undefined;
  if (stableId && idWords === undefined) attrs.push(['id', stableId]);
  if (attrs.length) {
    const liveAttrs: Record<string, string | undefined> = { ...live.attrs, id: live.id };
    // An id that became a class still names the same element.
    const same = attrs.filter(([k, v]) => liveAttrs[k] === v || (k === 'id' && live.classes?.includes(v))).length;
    add('attrs', same / attrs.length, `attributes ${same}/${attrs.length}`);
  }
  // The same words in the markup: an id that was dropped but lives on in a class or a data-*
  // value (`#input-request-param-bookId` → `class="request-param" data-pname="bookId"`), or
  // class tokens that survived a rebuild.
  if (idWords !== undefined) add('words', idWords, `id words ${Math.round(idWords * 100)}%`);
  else if (recorded.classes?.length && live.classes !== undefined)
    add('words', classOverlap(recorded.classes, live.classes), 'class tokens');
  if (recorded.context) add('context', stringSimilarity(normalizeText(recorded.context), normalizeText(live.context ?? '')), 'context');
  // Place among like rows is shown, never scored: when a list gained a twin of the recorded row,
  // "the second row" is a guess between two equally good rows, which must stay ambiguous.
  if (recorded.position && live.position && recorded.position.of > 1) {
    evidence.push(
      `row ${live.position.index + 1} of ${live.position.of} (recorded ${recorded.position.index + 1} of ${recorded.position.of})`,
    );
  }
  if (recorded.box && live.box) {
    const dx = recorded.box.x + recorded.box.width / 2 - (live.box.x + live.box.width / 2);
    const dy = recorded.box.y + recorded.box.height / 2 - (live.box.y + live.box.height / 2);
    add('box', Math.max(0, 1 - Math.hypot(dx, dy) / 400), `${Math.round(Math.hypot(dx, dy))} px from the recorded place`);
  }
  if (visual !== undefined) add('visual', visual, 'looks as recorded');
  return { score: weight ? sum / weight : 0, evidence };
}

/** How much a role that is a kind of the recorded one (subclassRoles, either way) counts: less than the role itself. */
const KINDRED_ROLE_SIMILARITY = 0.75;

export function roleSimilarity(recorded: string, live: string | undefined): number {
  if (recorded === live) return 1;
  return live !== undefined && subclassRoles(recorded, live) ? KINDRED_ROLE_SIMILARITY : 0;
}

/** Attributes that name an element across builds; `data-*` values only feed the identifier words. */
const STABLE_ATTRS = new Set(['placeholder', 'name', 'type', 'title', 'alt', 'aria-label', 'data-testid', 'href', 'for', 'value']);

/** Class tokens that name things across builds: generated hashes (`css-1x2y3z`, `_a8f3c`) left out. */
export function stableClasses(classes: readonly string[]): string[] {
  return classes.filter((c) => !/\d/.test(c) || /^[a-z]+-?\d{1,2}$/i.test(c));
}

/** Jaccard overlap of class tokens, with generated hashes (`css-1x2y3z`, `_a8f3c`) left out. */
function classOverlap(recorded: string[], live: string[]): number {
  const a = new Set(stableClasses(recorded));
  const b = new Set(stableClasses(live));
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const c of a) if (b.has(c)) shared++;
  return shared / (a.size + b.size - shared);
}

/**
 * Below this name similarity a control is another control ("Add to wishlist" is not "Add to
 * cart", 0.50; "Company name" is not "Full name", 0.42), however alike the rest: a renamed
 * target is accepted only while its name still says the same ("Send declaration" for
 * "Submit declaration", 0.75).
 */
export const MIN_NAME_SIMILARITY = 0.6;

/**
 * A live element with no name of its own whose markup spells the recorded name: every word of
 * the name is among its id, class and attribute words (a `data-*` attribute's name included),
 * and every number in it is among the numbers it shows or carries. A release that dropped an
 * icon button's aria-label ("bold") still calls the button `ql-bold`; one whose page links are
 * `<a data-page="3">3</a>` still has the recorded "Page 3" and no other. A named element is
 * judged by its name alone.
 */
export function namedByMarkup(recordedName: string, live: ElementFacts): boolean {
  if (foldText(live.name ?? '').trim() !== '') return false;
  const wanted = identifierWords(recordedName);
  if (wanted.length === 0) return false;
  const attrs = live.attrs ?? {};
  // A data-* attribute's own name says what its value is: `data-page="3"` is a page.
  const dataNames = Object.keys(attrs)
    .filter((k) => k.startsWith('data-'))
    .map((k) => k.slice('data-'.length));
  const have = new Set([live.id ?? '', ...(live.classes ?? []), ...Object.values(attrs), ...dataNames].flatMap(identifierWords));
  if (!wanted.every((w) => have.has(w))) return false;
  // The number in a name ("Page 3") is what tells like controls apart: the element shows it or carries it.
  const shown = new Set([live.text ?? '', ...Object.values(attrs)].flatMap(numbersIn));
  return numbersIn(recordedName).every((n) => shown.has(n));
}

const numbersIn = (s: string): string[] => (s.match(/\d+/g) ?? []).map((n) => String(Number(n)));

/** How much a name spelled only by the markup (namedByMarkup) counts: less than the name itself. */
const MARKUP_NAME_SIMILARITY = 0.8;

/** How much the label of the control an unnamed one stands in for (ElementFacts.standsFor) counts, times its likeness. */
const STAND_IN_NAME_WEIGHT = 0.8;

/**
 * How well the live element answers to the recorded name: its own name, or for one with none,
 * its markup's words (namedByMarkup) or the label of the hidden control it stands in for.
 */
export function nameMatch(recordedName: string, live: ElementFacts): { similarity: number; note: string } {
  if (namedByMarkup(recordedName, live)) return { similarity: MARKUP_NAME_SIMILARITY, note: 'no name; its markup spells it' };
  const own = { similarity: nameSimilarity(recordedName, live.name ?? ''), note: `name "${live.name ?? ''}"` };
  if (!live.standsFor || foldText(live.name ?? '').trim() !== '') return own;
  const standIn = STAND_IN_NAME_WEIGHT * nameSimilarity(recordedName, live.standsFor);
  return standIn > own.similarity ? { similarity: standIn, note: `no name; stands in for the hidden control "${live.standsFor}"` } : own;
}

/**
 * Whether the live element satisfies the recording's hard constraints: a name still alike
 * (MIN_NAME_SIMILARITY) or, where the element has none, spelled by its markup or the control it
 * stands in for (nameMatch),
 * and the texts its row was scoped by (`has-text` filters, a named row), compared on letters and
 * digits only, since recorders join cell texts without spaces and cut names mid-word ("Zone A €30.").
 */
export function meetsConstraints(recorded: ElementFacts, live: ElementFacts): boolean {
  if (recorded.name !== undefined && nameMatch(recorded.name, live).similarity < MIN_NAME_SIMILARITY) return false;
  const context = lettersAndDigits(`${live.context ?? ''} ${live.text ?? ''}`);
  return (recorded.mustContain ?? []).every((t) => context.includes(lettersAndDigits(t)));
}

const lettersAndDigits = (s: string) => foldText(s).replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * A near-tie settled by a number: names are compared with their counts set aside (a badge's
 * "Inbox (3)" is "Inbox (5)" later), so siblings told apart only by one ("Go to slide 5" among
 * slides 1–6) tie. The one tied element whose own name is the recorded name, numbers included,
 * is the target; undefined when the recorded name has no number or not exactly one does.
 */
export function numberedTwin<T extends ElementFacts>(recordedName: string | undefined, tied: readonly Match<T>[]): Match<T> | undefined {
  if (!recordedName || !/\p{N}/u.test(recordedName)) return undefined;
  const wanted = foldText(recordedName);
  const twins = tied.filter((m) => foldText(m.item.name ?? '') === wanted);
  return twins.length === 1 ? twins[0] : undefined;
}

/** The unique best match above the threshold, else why there is none. */
export function decide<T>(matches: readonly Match<T>[], thresholds: MatchThresholds = DEFAULT_THRESHOLDS): Decision<T> {
  const ranked = [...matches].sort((a, b) => b.score - a.score);
  const [best, second] = ranked;
  if (!best || best.score < thresholds.minScore) return { kind: 'none', best };
  if (second && best.score - second.score < thresholds.margin) {
    return { kind: 'ambiguous', top: ranked.filter((m) => best.score - m.score < thresholds.margin) };
  }
  return { kind: 'unique', best, runnerUp: second };
}
