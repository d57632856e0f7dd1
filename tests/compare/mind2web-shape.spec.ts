import { expect, test } from '@playwright/test';
import { domSimilarity, keepsAttributes, pageShape } from '../../src/compare/dom-similarity.js';
import { renderableHtml } from '../../src/ir/recorded-page/dom-xml.js';

// Mind2Web's raw_html: every node has backend_node_id, text sits in <text> wrappers, hrefs and
// typography (an em dash) are gone. Comparison reads it as replay does: made HTML first
// (renderableHtml unwraps <text>, keeps backend_node_id).
const RECORDED = renderableHtml(
  `<html backend_node_id="3"><head backend_node_id="4"></head><body backend_node_id="14"><ul backend_node_id="20"><li backend_node_id="21"><a backend_node_id="22" is_clickable="true"><text backend_node_id="23">Library catalogue</text></a><text backend_node_id="24">search the catalogue</text></li></ul></body></html>`,
);
const LIVE = `<!DOCTYPE html><html><head><title>x</title></head><body><ul><li><a href="library/">Library catalogue</a> — search the catalogue</li></ul></body></html>`;

test('a live page reads the same as its Mind2Web raw_html: <text> wrappers, dropped attributes and dashes do not count', () => {
  expect(keepsAttributes(RECORDED)).toBe(false);
  expect(keepsAttributes(LIVE)).toBe(true);
  const options = { attributes: keepsAttributes(RECORDED) };
  expect(domSimilarity(pageShape(RECORDED, options), pageShape(LIVE, options))).toMatchObject({
    textSimilarity: 1,
    structureSimilarity: 1,
  });
  // Without attributes there are no roles to read: controls are not compared.
  expect(domSimilarity(pageShape(RECORDED, options), pageShape(LIVE, options)).controlSimilarity).toBeUndefined();
  // With attributes the live link is another element than the recorded one, as it should be for real recordings.
  expect(domSimilarity(pageShape(RECORDED), pageShape(LIVE)).structureSimilarity).toBeLessThan(1);
  // Another page still reads differently.
  const other = LIVE.replace('Library catalogue', 'Tax form');
  expect(domSimilarity(pageShape(RECORDED, options), pageShape(other, options)).textSimilarity).toBeLessThan(0.9);
});
