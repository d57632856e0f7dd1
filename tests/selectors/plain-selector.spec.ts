import { expect, test } from '@playwright/test';
import { plainSelector } from '../../src/selectors/plain-selector.js';

// Which selectors the browser's own query may answer for Playwright's engine (count-and-probe.ts).
test('css= and xpath= parts, and bare ones read as Playwright reads them', () => {
  expect(plainSelector('css=#todo li:nth-child(3) button')).toEqual({ engine: 'css', body: '#todo li:nth-child(3) button' });
  expect(plainSelector('#save')).toEqual({ engine: 'css', body: '#save' });
  expect(plainSelector("form button[type='submit']")).toEqual({ engine: 'css', body: "form button[type='submit']" });
  expect(plainSelector('a[href="x=y"]')).toEqual({ engine: 'css', body: 'a[href="x=y"]' });
  expect(plainSelector('xpath=//main/button[2]')).toEqual({ engine: 'xpath', body: '//main/button[2]' });
  expect(plainSelector('//main/button[2]')).toEqual({ engine: 'xpath', body: '//main/button[2]' });
  expect(plainSelector('../li')).toEqual({ engine: 'xpath', body: '../li' });
});

test("anything only Playwright's engines read is left to them", () => {
  expect(plainSelector('internal:role=button[name="Save"i]')).toBeUndefined();
  expect(plainSelector('internal:text="Draft saved"i')).toBeUndefined();
  expect(plainSelector('text=Save')).toBeUndefined();
  expect(plainSelector('"Save"')).toBeUndefined();
  expect(plainSelector('id=save')).toBeUndefined();
  expect(plainSelector('css=#host >> css=#inner')).toBeUndefined();
  expect(plainSelector('#list >> nth=0')).toBeUndefined();
  // The document itself to Playwright, the root element to the browser.
  expect(plainSelector('css=:scope > body')).toBeUndefined();
  expect(plainSelector('css=')).toBeUndefined();
  expect(plainSelector('')).toBeUndefined();
});

test("a '>>' inside quotes does not split the selector", () => {
  expect(plainSelector('[title="a >> b"]')).toEqual({ engine: 'css', body: '[title="a >> b"]' });
});
