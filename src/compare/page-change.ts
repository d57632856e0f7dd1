import type { PageShape } from './dom-similarity.js';
import { multiset } from './visible-text.js';
import { wordsDiff } from './words-diff.js';

/** What changed between two readings of a page: words and element signatures, as multisets. */
export interface PageChange {
  added: string[];
  removed: string[];
  elementsAdded: number;
  elementsRemoved: number;
}

/**
 * How `after` differs from `before` (both read by pageShape, alike): the words outside page
 * chrome (an advert rotating in an aside between two recorded steps is no step's doing), the
 * elements anywhere.
 */
export function pageChange(before: PageShape, after: PageShape): PageChange {
  const words = wordsDiff(before.mainWords, after.mainWords, Infinity);
  const elements = wordsDiff(before.elements, after.elements, Infinity);
  return { added: words.extra, removed: words.missing, elementsAdded: elements.extra.length, elementsRemoved: elements.missing.length };
}

/**
 * A change that added or removed elements and words with them: a line, a row, an item. A clock
 * or a counter ticking changes words in place, never this, so a recording that shows it after a
 * step shows what the step did rather than what the page does on its own.
 */
export function isStructuralChange(c: PageChange): boolean {
  return (c.elementsAdded > 0 || c.elementsRemoved > 0) && (c.added.length > 0 || c.removed.length > 0);
}

export function isNoChange(c: PageChange): boolean {
  return !c.added.length && !c.removed.length && !c.elementsAdded && !c.elementsRemoved;
}

/**
 * The part of `recorded` (a change the recording shows) that `page` does not show yet: the added
 * words it has fewer of than `expected` (the recorded page after it), the removed words it has
 * more of. Empty when the page already reads as the recording does after the change.
 */
export function changeStillToCome(recorded: PageChange, page: PageShape, expected: PageShape): { add: string[]; remove: string[] } {
  const [now, then] = [multiset(page.mainWords), multiset(expected.mainWords)];
  const unique = (words: string[]) => [...new Set(words)];
  return {
    add: unique(recorded.added).filter((w) => (now.get(w) ?? 0) < (then.get(w) ?? 0)),
    remove: unique(recorded.removed).filter((w) => (now.get(w) ?? 0) > (then.get(w) ?? 0)),
  };
}
