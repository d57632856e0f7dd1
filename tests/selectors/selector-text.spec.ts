import { expect, test } from '@playwright/test';
import { describingLocate, locateFromPart, partEngine, readQuoted, splitSelector } from '../../src/selectors/selector-text.js';

test('splitSelector splits on >> outside quotes and escapes', () => {
  expect(splitSelector('#form >> internal:role=button[name="Save"i]')).toEqual(['#form', 'internal:role=button[name="Save"i]']);
  expect(splitSelector('internal:text="a >> b"s >> nth=0')).toEqual(['internal:text="a >> b"s', 'nth=0']);
  expect(splitSelector("text='x >> y' >> css=div")).toEqual(["text='x >> y'", 'css=div']);
  expect(splitSelector('div\\>>span')).toEqual(['div\\>>span']);
  expect(splitSelector('button')).toEqual(['button']);
});

test('partEngine names the engine, css when none is named', () => {
  expect(partEngine('internal:role=button')).toBe('internal:role');
  expect(partEngine('css=div.card')).toBe('css');
  expect(partEngine('xpath=//a')).toBe('xpath');
  expect(partEngine('div.card > a')).toBe('css');
});

test('readQuoted reads a JSON-escaped or attribute-escaped value and its case suffix', () => {
  expect(readQuoted('"Submit"i', 0)).toEqual({ value: 'Submit', exact: false });
  expect(readQuoted('"Submit"s', 0)).toEqual({ value: 'Submit', exact: true });
  expect(readQuoted('"Submit"', 0)).toEqual({ value: 'Submit', exact: true });
  expect(readQuoted('[name="say \\"hi\\""i]', 6)).toEqual({ value: 'say "hi"', exact: false });
  expect(readQuoted('"caf\\u00e9"i', 0)).toEqual({ value: 'café', exact: false });
  expect(readQuoted('/Submit/i', 0)).toBeUndefined();
  expect(readQuoted('"unterminated', 0)).toBeUndefined();
});

test('locateFromPart turns internal: parts into getBy* meanings and leaves the rest', () => {
  expect(locateFromPart('internal:role=button[name="Sign in"i]')).toEqual({ kind: 'role', role: 'button', name: 'Sign in', exact: false });
  expect(locateFromPart('internal:role=checkbox')).toEqual({ kind: 'role', role: 'checkbox' });
  expect(locateFromPart('internal:text="Welcome"s')).toEqual({ kind: 'text', text: 'Welcome', exact: true });
  expect(locateFromPart('internal:label="Email"i')).toEqual({ kind: 'label', text: 'Email', exact: false });
  expect(locateFromPart('internal:attr=[placeholder="Search"i]')).toEqual({ kind: 'placeholder', text: 'Search', exact: false });
  expect(locateFromPart('internal:attr=[alt="Logo"s]')).toEqual({ kind: 'alt', text: 'Logo', exact: true });
  expect(locateFromPart('internal:testid=[data-testid="save"s]')).toEqual({ kind: 'testId', testId: 'save' });
  expect(locateFromPart('internal:text=/Welcome/i')).toBeUndefined();
  expect(locateFromPart('internal:role=button[name=/Sign/i]')).toBeUndefined();
  expect(locateFromPart('#login')).toBeUndefined();
});

test('describingLocate names the element the selector ends on, past narrowing parts', () => {
  expect(describingLocate('#list >> internal:role=link[name="More"i] >> nth=2')).toEqual({
    kind: 'role',
    role: 'link',
    name: 'More',
    exact: false,
  });
  expect(describingLocate('internal:label="Card"i >> visible=true')).toEqual({ kind: 'label', text: 'Card', exact: false });
  expect(describingLocate('internal:role=row >> internal:has-text="Ana"i >> #edit')).toBeUndefined();
});
