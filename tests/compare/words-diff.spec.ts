import { expect, test } from '@playwright/test';
import { describeWordsDiff, wordsDiff } from '../../src/compare/words-diff.js';

const w = (s: string) => s.split(' ').filter(Boolean);

test('wordsDiff gives an inserted or changed run whole and in order', () => {
  expect(wordsDiff(w('Board To do Doing Done'), w('Board To do Saved Doing Done'))).toEqual({ missing: [], extra: ['Saved'] });
  expect(wordsDiff(w('total 10 EUR paid'), w('total 12 EUR due'))).toEqual({ missing: ['10', 'paid'], extra: ['12', 'due'] });
  expect(wordsDiff(w('a b c'), w('a b c'))).toEqual({ missing: [], extra: [] });
});

test('wordsDiff counts repeated words as a multiset and caps each side at max', () => {
  expect(wordsDiff(w('x y y y z'), w('x y z'))).toEqual({ missing: ['y', 'y'], extra: [] });
  expect(wordsDiff(w('1 2 3 4 5'), w(''), 3)).toEqual({ missing: ['1', '2', '3'], extra: [] });
});

test('describeWordsDiff says what each page read, empty when nothing differs', () => {
  expect(describeWordsDiff({ missing: ['paid'], extra: ['due'] })).toBe(
    'the recording\'s final page also read "paid", this one instead reads "due"',
  );
  expect(describeWordsDiff({ missing: [], extra: ['Saved'] }, 'page')).toBe(
    'the recording\'s page also read nothing else, this one instead reads "Saved"',
  );
  expect(describeWordsDiff({ missing: [], extra: [] })).toBe('');
});
