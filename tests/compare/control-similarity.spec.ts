import { expect, test } from '@playwright/test';
import { controlSimilarity } from '../../src/compare/control-similarity.js';
import { domSimilarity, pageShape } from '../../src/compare/dom-similarity.js';
import type { Control } from '../../src/compare/page-controls.js';

// Controls compared by role and name, where a control the HTML gives no name is no evidence either way.

const control = (role: string, name: string): Control => ({ role, name, label: '', placeholder: '', chrome: false, context: '' });
const similarity = (a: Control[], b: Control[]) => controlSimilarity(a, b, (c) => c.name);

test('equal controls, and a release whose buttons lost their names, keep the page the same; other controls do not', () => {
  const named = ['bold', 'italic', 'underline', 'link'].map((n) => control('button', n));
  const unnamed = named.map(() => control('button', ''));
  expect(similarity(named, named)).toBe(1);
  expect(similarity(named, unnamed)).toBe(1);
  expect(similarity(unnamed, named)).toBe(1);
  // Named otherwise: other controls.
  expect(
    similarity(
      named,
      ['save', 'cancel', 'delete', 'share'].map((n) => control('button', n)),
    ),
  ).toBe(0);
  // An unnamed control stands in only for one of its own role.
  expect(
    similarity(
      named,
      unnamed.map(() => control('link', '')),
    ),
  ).toBe(0);
  expect(similarity([], [])).toBe(1);
});

test('in the before-state comparison, an icon toolbar without aria-labels drifts at most (Quill 2 recorded, 1.3.7 live)', () => {
  const toolbar = (labels: boolean) =>
    `<html><body><div class="ql-toolbar">${['bold', 'italic', 'underline']
      .map((w) => `<button type="button" class="ql-${w}"${labels ? ` aria-label="${w}"` : ''}><svg></svg></button>`)
      .join('')}</div><div class="ql-editor" contenteditable="true"><p>Team meeting</p></div></body></html>`;
  const shape = (html: string) => pageShape(html, { attributes: true });
  expect(domSimilarity(shape(toolbar(true)), shape(toolbar(false))).controlSimilarity).toBe(1);
  const other =
    '<html><body><button type="button">Save</button><button type="button">Cancel</button><button type="button">Delete</button></body></html>';
  expect(domSimilarity(shape(toolbar(true)), shape(other)).controlSimilarity).toBe(0);
});

test('a release that turned its sort buttons into links, and named its search field by a placeholder with dots, has the same controls (simple-datatables 10 recorded, 7 live)', () => {
  const sorters = ['City', 'Country', 'Population'];
  const recorded = `<label>Search <input type="search" placeholder="Search..."></label><table><thead><tr>${sorters
    .map((n) => `<th><button>${n}</button></th>`)
    .join('')}</tr></thead></table>`;
  const live = `<input type="search" placeholder="Search..."><table><thead><tr>${sorters
    .map((n) => `<th><a href="#">${n}</a></th>`)
    .join('')}</tr></thead></table>`;
  expect(domSimilarity(pageShape(recorded), pageShape(live)).controlSimilarity).toBe(1);
  // A glyph is a name of its own, not punctuation left out: a "×" button is no "Delete" button.
  const closing = (name: string) => pageShape(`<ul><li>Buy milk <button>${name}</button></li></ul>`);
  expect(domSimilarity(closing('×'), closing('✖')).controlSimilarity).toBe(1);
  expect(domSimilarity(closing('×'), closing('Delete')).controlSimilarity).toBe(0);
  // Links and buttons of other names are other controls; a textbox is no button.
  expect(similarity([control('button', 'city')], [control('link', 'country')])).toBe(0);
  expect(similarity([control('button', 'city')], [control('textbox', 'city')])).toBe(0);
});

test('a carousel whose page dots became tabs has the same controls (Splide 4 recorded, 3 live): a tab is clicked as a button is', () => {
  const dots = (role: string) =>
    pageShape(
      `<button aria-label="Next slide">›</button><ul>${[1, 2, 3, 4, 5, 6]
        .map((n) => `<li><button${role === 'tab' ? ' role="tab"' : ''} aria-label="Go to slide ${n}"></button></li>`)
        .join('')}</ul>`,
    );
  expect(domSimilarity(dots('tab'), dots('button')).controlSimilarity).toBe(1);
  // A tab of another name is another control; a tab is no textbox.
  expect(similarity([control('tab', 'slide')], [control('button', 'next')])).toBe(0);
  expect(similarity([control('tab', 'slide')], [control('textbox', 'slide')])).toBe(0);
});
