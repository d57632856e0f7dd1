import { expect, test } from '@playwright/test';
import { ENTER_FRAME, FRAME_HOP, throughFrames } from '../../src/selectors/frame-hop.js';
import { attrValue, textValue } from '../../src/selectors/quote.js';
import { readQuoted } from '../../src/selectors/selector-text.js';

test('textValue writes a JSON string with the case suffix', () => {
  expect(textValue('Submit', false)).toBe('"Submit"i');
  expect(textValue('say "hi"', true)).toBe('"say \\"hi\\""s');
  expect(textValue('a\nb', true)).toBe('"a\\nb"s');
});

test('attrValue escapes only backslash and double quote', () => {
  expect(attrValue('Sign in', false)).toBe('"Sign in"i');
  expect(attrValue('C:\\tmp "x"', true)).toBe('"C:\\\\tmp \\"x\\""s');
  expect(attrValue('a\nb', true)).toBe('"a\nb"s');
});

test('what textValue and attrValue write, readQuoted reads back', () => {
  for (const value of ['plain', 'say "hi"', 'back\\slash', 'café ✓']) {
    expect(readQuoted(textValue(value, true), 0)).toEqual({ value, exact: true });
    expect(readQuoted(attrValue(value, false), 0)).toEqual({ value, exact: false });
  }
});

test('throughFrames joins iframe selectors and the element with the enter-frame hop', () => {
  expect(ENTER_FRAME).toBe('internal:control=enter-frame');
  expect(FRAME_HOP).toBe(' >> internal:control=enter-frame >> ');
  expect(throughFrames([], '#pay')).toBe('#pay');
  expect(throughFrames(['iframe#outer', 'iframe[name="card"]'], '#pay')).toBe(
    'iframe#outer >> internal:control=enter-frame >> iframe[name="card"] >> internal:control=enter-frame >> #pay',
  );
});
