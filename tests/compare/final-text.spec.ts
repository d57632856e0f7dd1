import { expect, test } from '@playwright/test';
import { finalText } from '../../src/compare/final-text.js';

const page = (main: string, footer: string) =>
  `<html><body><main><h1>Your basket</h1><p>${main}</p></main><footer>${footer}</footer></body></html>`;

test('footer credits that differ (a rebuild) do not make the final page read differently', () => {
  const r = finalText(
    page('Two items: fern, cactus', 'Created by petehunt'),
    page('Two items: fern, cactus', 'Written by someone else entirely, with other credits'),
  );
  expect(r.similarity).toBe(1);
});

test('a note that moved from page chrome into the main content is still the same words', () => {
  const recorded = page('Two items: fern, cactus', 'Demo shop. Payment happens at the town hall counter');
  const live = `<html><body><main><h1>Your basket</h1><p>Two items: fern, cactus</p><p>Demo shop. Payment happens at the town hall counter</p></main></body></html>`;
  expect(finalText(recorded, live).similarity).toBe(1);
});

test('different content reads differently, and the differing words are named', () => {
  const r = finalText(page('Two items: fern, cactus', 'x'), page('Two items: fern, orchid', 'x'));
  expect(r.similarity).toBeLessThan(0.97);
  expect(r.missing).toContain('cactus');
  expect(r.extra).toContain('orchid');
});
