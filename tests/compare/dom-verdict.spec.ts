import { expect, test } from '@playwright/test';
import { domSimilarity, pageShape } from '../../src/compare/dom-similarity.js';
import { DEFAULT_COMPARE_THRESHOLDS as T } from '../../src/compare/thresholds.js';
import { judge } from '../../src/compare/verdict.js';

const html = (heading: string, attrs = '') => `<html><head><title>x</title><script>var t=${Date.now()}</script></head><body>
  <h1 ${attrs}>${heading}</h1><form><label for="q">Title or author</label><input id="q" name="q" type="search"><button type="submit">Search</button></form>
  <ul><li><a href="/record?id=1">One book</a></li><li><a href="/record?id=2">Another book</a></li></ul></body></html>`;

test('volatile attributes (generated classes, ids with digits, query strings) do not count', () => {
  const a = pageShape(html('Catalogue', 'class="css-1x2y3" id="h-8842"'));
  const b = pageShape(html('Catalogue', 'class="css-9zz" id="h-17" data-reactid="4"'));
  expect(domSimilarity(a, b)).toMatchObject({ textSimilarity: 1, structureSimilarity: 1 });
});

test('a changed heading lowers text similarity, not structure', () => {
  const s = domSimilarity(pageShape(html('Library catalogue')), pageShape(html('Municipal library catalogue')));
  expect(s.structureSimilarity).toBe(1);
  expect(s.textSimilarity).toBeLessThan(1);
  expect(s.textSimilarity).toBeGreaterThan(0.8);
});

test('verdicts: match, drift and diverged with reasons from the taxonomy', () => {
  expect(judge({ pixelRatio: 0, textSimilarity: 1, structureSimilarity: 1 }, T)).toEqual({ verdict: 'match', reasons: [] });
  expect(judge({ pixelRatio: 0.03, pixels: 5000, textSimilarity: 0.95, structureSimilarity: 1 }, T)).toEqual({
    verdict: 'drift',
    reasons: ['content-drift'],
  });
  expect(judge({ pixelRatio: 0.2, pixels: 90000, shiftPx: 48, textSimilarity: 0.99, structureSimilarity: 0.99 }, T)).toEqual({
    verdict: 'drift',
    reasons: ['layout-shift'],
  });
  expect(judge({ pixelRatio: 0.02, pixels: 9000, textSimilarity: 1, structureSimilarity: 1 }, T)).toEqual({
    verdict: 'drift',
    reasons: ['visual-only'],
  });
  expect(judge({ pixelRatio: 0.6, pixels: 500000, textSimilarity: 0.3, structureSimilarity: 0.5 }, T)).toEqual({
    verdict: 'diverged',
    reasons: ['content-drift', 'element-moved'],
  });
  expect(judge({ urlSame: false, textSimilarity: 1 }, T)).toEqual({ verdict: 'diverged', reasons: ['navigation-mismatch'] });
  expect(judge({ pixelRatio: 0.5, pixels: 400000 }, T)).toEqual({ verdict: 'diverged', reasons: ['content-drift'] });
});
