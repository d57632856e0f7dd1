import { expect, test } from '@playwright/test';
import { foldText, identifierWords } from '../../src/compare/fold-text.js';
import { decide, identifierSimilarity, meetsConstraints, nameSimilarity, scoreElement } from '../../src/compare/target-match.js';

// Names and markup compared the way they change between releases (issue 14).

test('names are compared after folding case, whitespace, zero-width/bidi characters, NFKC and glyph variants', () => {
  expect(foldText('post \u200b/loans')).toBe('post /loans');
  expect(foldText('\u202aＳａｖｅ\u202c  Draft')).toBe('save draft');
  for (const glyph of ['×', '✕', '╳', '✗']) expect(nameSimilarity('✖', glyph)).toBe(1);
  // Unrelated glyphs are still only "alike enough to consider", not equal.
  expect(nameSimilarity('✖', '✎')).toBe(0.7);
});

test('a name that begins or ends the other (two words or more) is the same control, a one-word prefix is not', () => {
  expect(nameSimilarity('POST /loans Lend a book', 'post \u200b/loans')).toBeGreaterThanOrEqual(0.8);
  expect(meetsConstraints({ name: 'POST /loans Lend a book' }, { name: 'post \u200b/loans' })).toBe(true);
  // Still other controls:
  expect(nameSimilarity('Add to cart', 'Add to wishlist')).toBeLessThan(0.6);
  expect(nameSimilarity('Save', 'Save draft')).toBeLessThan(0.8);
  expect(nameSimilarity('Company name', 'Full name')).toBeLessThan(0.6);
});

test('an id of several words is found again in the classes and data-* values of a rebuild', () => {
  expect(identifierWords('input-request-param-bookId')).toEqual(['input', 'request', 'param', 'book', 'id']);
  const bookId = { tag: 'input', classes: ['request-param'], attrs: { 'data-pname': 'bookId', 'data-ptype': 'path' } };
  const author = { tag: 'input', classes: ['request-param'], attrs: { 'data-pname': 'author', 'data-ptype': 'query' } };
  expect(identifierSimilarity('input-request-param-bookId', bookId)).toBe(1);
  expect(identifierSimilarity('input-request-param-bookId', author)).toBe(0.6);
  // One word says too little.
  expect(identifierSimilarity('q', bookId)).toBeUndefined();
  const recorded = { id: 'input-request-param-bookId' };
  const d = decide([bookId, author].map((item) => ({ item, ...scoreElement(recorded, item) })));
  expect(d.kind === 'unique' && d.best.item).toBe(bookId);
});

test('two rows alike in every scored way are ambiguous whatever their place in the list', () => {
  const recorded = { role: 'button', name: '✖', context: 'Emma', position: { index: 1, of: 3 } };
  const second = { role: 'button', name: '×', context: 'Emma', position: { index: 1, of: 3 } };
  const third = { role: 'button', name: '×', context: 'Emma', position: { index: 2, of: 3 } };
  const other = { role: 'button', name: '×', context: 'Dune', position: { index: 0, of: 3 } };
  const d = decide([second, third, other].map((item) => ({ item, ...scoreElement(recorded, item) })));
  expect(d.kind).toBe('ambiguous');
  if (d.kind === 'ambiguous') expect(d.top.map((m) => m.item)).toEqual([second, third]);
});

test("an icon button a release left without its name is found by the name its markup spells (Quill 1.3.7's toolbar); a named one never is", () => {
  const recorded = { role: 'button', name: 'bold', tag: 'button', classes: ['ql-bold'], attrs: { type: 'button', 'aria-label': 'bold' } };
  const toolbar = ['bold', 'italic', 'underline'].map((w) => ({
    role: 'button',
    name: '',
    tag: 'button',
    classes: [`ql-${w}`],
    attrs: { type: 'button' },
  }));
  expect(toolbar.map((b) => meetsConstraints(recorded, b))).toEqual([true, false, false]);
  const d = decide(toolbar.filter((b) => meetsConstraints(recorded, b)).map((item) => ({ item, ...scoreElement(recorded, item) })));
  expect(d.kind === 'unique' && d.best.item).toBe(toolbar[0]);
  // Every word of the name: "list: bullet" in class ql-list and value="bullet", not in ql-list alone.
  const bullet = { role: 'button', name: 'list: bullet' };
  expect(meetsConstraints(bullet, { role: 'button', name: '', classes: ['ql-list'], attrs: { value: 'bullet' } })).toBe(true);
  expect(meetsConstraints(bullet, { role: 'button', name: '', classes: ['ql-list'], attrs: { value: 'ordered' } })).toBe(false);
  // A control with a name of its own is judged by that name, whatever its classes say.
  expect(meetsConstraints(recorded, { role: 'button', name: 'italic', classes: ['ql-bold'] })).toBe(false);
});

test('page links a release left unnamed (simple-datatables 7.3.0: <a data-page="3">3</a>) are told apart by the number the recorded name carries', () => {
  const recorded = { role: 'button', name: 'Page 3', tag: 'button', classes: ['datatable-pagination-list-item-link'] };
  const links = ['1', '2', '3', '4'].map((n) => ({
    name: '',
    text: n,
    tag: 'a',
    classes: ['datatable-pagination-list-item-link'],
    attrs: { 'data-page': n },
  }));
  // "page" is the data-* attribute's own name; "3" is the one link that shows or carries it.
  expect(links.map((l) => meetsConstraints(recorded, l))).toEqual([false, false, true, false]);
  // A number is no word: markup that says "page" but shows another number is another page.
  expect(meetsConstraints(recorded, { name: '', text: '›', classes: ['page-next'], attrs: { 'data-page': '4' } })).toBe(false);
  // A recorded name without a number asks for none.
  expect(
    meetsConstraints({ role: 'button', name: 'next page' }, { name: '', text: '›', classes: ['next'], attrs: { 'data-page': '4' } }),
  ).toBe(true);
});
