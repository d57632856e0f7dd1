import { expect, test } from '@playwright/test';
import { pageShape } from '../../src/compare/dom-similarity.js';
import { changeStillToCome, isNoChange, isStructuralChange, pageChange } from '../../src/compare/page-change.js';

// What a step changed, read from two readings of a page: the words and elements it added or removed.

const page = (lines: string[], clock = '12:04') =>
  pageShape(`<html><body><ol>${lines.map((l) => `<li>${l}</li>`).join('')}</ol><p>Saved at <span>${clock}</span></p></body></html>`);

test('a line added is a structural change; a clock ticking changes words in place only; the same page is no change', () => {
  const added = pageChange(page(['Ada', 'Bruno']), page(['Ada', 'Bruno', 'Chandra']));
  expect(added).toEqual({ added: ['chandra'], removed: [], elementsAdded: 1, elementsRemoved: 0 });
  expect(isStructuralChange(added)).toBe(true);

  const ticked = pageChange(page(['Ada']), page(['Ada'], '12:05'));
  expect(ticked.added).toEqual(['12:05']);
  expect(isStructuralChange(ticked)).toBe(false);
  expect(isNoChange(ticked)).toBe(false);

  expect(isNoChange(pageChange(page(['Ada']), page(['Ada'])))).toBe(true);
  // An empty line added (no words with it) is not evidence enough on its own.
  expect(isStructuralChange(pageChange(page(['Ada']), page(['Ada', ''])))).toBe(false);
});

test('what of a recorded change a page does not show yet: none once it reads as the recording after it', () => {
  const [before, after] = [page(['Ada', 'Bruno']), page(['Ada', 'Chandra'])];
  const recorded = pageChange(before, after);
  expect(changeStillToCome(recorded, before, after)).toEqual({ add: ['chandra'], remove: ['bruno'] });
  expect(changeStillToCome(recorded, page(['Ada', 'Bruno', 'Chandra']), after)).toEqual({ add: [], remove: ['bruno'] });
  expect(changeStillToCome(recorded, after, after)).toEqual({ add: [], remove: [] });
});

test("words in page chrome (an aside's advert rotating) are no step's change: not structural", () => {
  const withAd = (ad: string, items: number) =>
    pageShape(`<html><body><main><p>Cart</p></main><aside>${'<div>x</div>'.repeat(items)}<p>${ad}</p></aside></body></html>`);
  const rotated = pageChange(withAd('Buy shoes', 1), withAd('Cheap flights now', 2));
  expect(rotated.added).toEqual([]);
  expect(isStructuralChange(rotated)).toBe(false);
});
