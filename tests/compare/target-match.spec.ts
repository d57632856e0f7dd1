import { expect, test } from '@playwright/test';
import {
  decide,
  meetsConstraints,
  MIN_NAME_SIMILARITY,
  nameMatch,
  nameSimilarity,
  normalizeName,
  numberedTwin,
  roleSimilarity,
  stringSimilarity,
  type Match,
} from '../../src/compare/target-match.js';

test('stringSimilarity is the Dice coefficient of character bigrams', () => {
  expect(stringSimilarity('night', 'night')).toBe(1);
  // night: ni ig gh ht; nacht: na ac ch ht → 1 shared of 8 bigrams.
  expect(stringSimilarity('night', 'nacht')).toBe(0.25);
  // Repeated bigrams count once per occurrence: aa aa / aa → 2·1/3.
  expect(stringSimilarity('aaa', 'aa')).toBeCloseTo(2 / 3, 10);
  expect(stringSimilarity('a', 'ab')).toBe(0);
  expect(stringSimilarity('', '')).toBe(1);
});

test('normalizeName drops case, digits and punctuation', () => {
  expect(normalizeName('Checkout (2)')).toBe('checkout');
  expect(normalizeName('  Sign-in!  ')).toBe('sign in');
  expect(normalizeName('Ｃａｆé 12 items')).toBe('café items');
});

test('nameSimilarity: counts and case set aside, icon glyphs alike, others by bigrams', () => {
  expect(nameSimilarity('Checkout (2)', 'checkout (3)')).toBe(1);
  // Look-alike glyphs are one name (✖ × ✕ ╳): icon buttons rebuilt with another glyph are the same control.
  expect(nameSimilarity('✕', '×')).toBe(1);
  expect(nameSimilarity('', '')).toBe(1);
  expect(nameSimilarity('Submit declaration', 'Send declaration')).toBeGreaterThanOrEqual(MIN_NAME_SIMILARITY);
  expect(nameSimilarity('Add to wishlist', 'Add to cart')).toBeLessThan(MIN_NAME_SIMILARITY);
  expect(nameSimilarity('Company name', 'Full name')).toBeLessThan(MIN_NAME_SIMILARITY);
});

test('decide: the unique best above the minimum, ambiguous within the margin, none below', () => {
  const m = (item: string, score: number): Match<string> => ({ item, score, evidence: [] });
  const t = { minScore: 0.6, margin: 0.1 };
  expect(decide([m('a', 0.9), m('b', 0.7)], t)).toEqual({ kind: 'unique', best: m('a', 0.9), runnerUp: m('b', 0.7) });
  expect(decide([m('b', 0.7), m('a', 0.9)], t)).toEqual({ kind: 'unique', best: m('a', 0.9), runnerUp: m('b', 0.7) });
  expect(decide([m('a', 0.9), m('b', 0.85), m('c', 0.5)], t)).toEqual({ kind: 'ambiguous', top: [m('a', 0.9), m('b', 0.85)] });
  expect(decide([m('a', 0.5)], t)).toEqual({ kind: 'none', best: m('a', 0.5) });
  expect(decide([], t)).toEqual({ kind: 'none', best: undefined });
  expect(decide([m('only', 0.61)], t)).toEqual({ kind: 'unique', best: m('only', 0.61), runnerUp: undefined });
});

test('roleSimilarity: the same role 1, a subclass role either way 0.75, any other 0', () => {
  expect(roleSimilarity('searchbox', 'searchbox')).toBe(1);
  expect(roleSimilarity('searchbox', 'textbox')).toBe(0.75);
  expect(roleSimilarity('textbox', 'searchbox')).toBe(0.75);
  expect(roleSimilarity('switch', 'checkbox')).toBe(0.75);
  expect(roleSimilarity('searchbox', 'combobox')).toBe(0);
  expect(roleSimilarity('button', undefined)).toBe(0);
});

test('nameMatch: an unnamed field answers to the label of the hidden control it stands in for, a named one by its own name only', () => {
  const standIn = { tag: 'input', name: '', standsFor: 'Interests' };
  expect(nameMatch('Interests', standIn).similarity).toBe(0.8);
  expect(nameMatch('Interests', standIn).note).toMatch(/stands in for the hidden control "Interests"/);
  expect(meetsConstraints({ name: 'Interests' }, standIn)).toBe(true);
  // Another label is another field.
  expect(meetsConstraints({ name: 'Destination' }, standIn)).toBe(false);
  // A name of its own is the element's name, whatever stands beside it.
  expect(meetsConstraints({ name: 'Interests' }, { ...standIn, name: 'Search' })).toBe(false);
  expect(nameMatch('Interests', { tag: 'input', name: '' }).similarity).toBe(0);
});

test('a near-tie among siblings told apart by a number goes to the one named as recorded, number and all (Splide: "Go to slide 5" of 6)', () => {
  const tied = (names: string[]): Match<{ name: string }>[] => names.map((name) => ({ item: { name }, score: 0.8, evidence: [] }));
  const slides = tied([1, 2, 3, 4, 5, 6].map((n) => `Go to slide ${n}`));
  expect(numberedTwin('Go to slide 5', slides)?.item.name).toBe('Go to slide 5');
  expect(numberedTwin('go to  SLIDE 5', slides)?.item.name).toBe('Go to slide 5');
  // No number, nothing to tell them apart by: still a tie.
  expect(numberedTwin('Delete', tied(['Delete', 'Delete']))).toBeUndefined();
  // A count that drifted leaves no element named exactly as recorded: still a tie.
  expect(numberedTwin('Inbox (3)', tied(['Inbox (5)', 'Inbox (7)']))).toBeUndefined();
  // Two named exactly so: still a tie.
  expect(numberedTwin('Page 3', tied(['Page 3', 'Page 3', 'Page 4']))).toBeUndefined();
});
