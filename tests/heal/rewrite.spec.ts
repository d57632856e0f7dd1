import { expect, test } from '@playwright/test';
import { applyBaselines, applyRepairs, devtoolsSelector, recorderLocator } from '../../src/formats/heal.js';

const healed = { selector: 'internal:role=button[name="Send"i]', description: "getByRole('button', { name: 'Send' })" };
const at = (line: number) => ({ source: { file: 'x.jsonl', line }, healed });

test('a codegen file: only the repaired line changes, selector and locator as the recorder writes them', () => {
  const text =
    '{"browserName":"chromium"}\n{"name":"click","selector":"internal:role=button[name=\\"Submit\\"i]","signals":[],"button":"left","modifiers":0,"clickCount":1,"pageAlias":"page","locator":{"kind":"role","body":"button","options":{"attrs":[],"exact":false,"name":"Submit"}}}\n{"name":"closePage","signals":[],"pageAlias":"page"}\n';
  const r = applyRepairs('rpaweb', text, [at(2)]);
  const [a, b] = [text.split('\n'), r.text.split('\n')];
  expect(b[0]).toBe(a[0]);
  expect(b[2]).toBe(a[2]);
  expect(b[1]).toBe(
    '{"name":"click","selector":"internal:role=button[name=\\"Send\\"i]","signals":[],"button":"left","modifiers":0,"clickCount":1,"pageAlias":"page","locator":{"kind":"role","body":"button","options":{"attrs":[],"exact":false,"name":"Send"}}}',
  );
  expect(r.applied).toHaveLength(1);
});

test('an rpaweb row whose json_data is JSON text keeps it as text', () => {
  const row = {
    id: 'e',
    step: 1,
    json_data: JSON.stringify({ browserCode: { name: 'click', selector: '#old', signals: [] } }),
    html_data: '<p>',
  };
  const r = applyRepairs('rpaweb', `${JSON.stringify(row)}\r\n`, [at(1)]);
  const out = JSON.parse(r.text.split('\r\n')[0]!);
  expect(typeof out.json_data).toBe('string');
  expect(JSON.parse(out.json_data).browserCode.selector).toBe('internal:role=button[name="Send"i]');
  expect(r.text.endsWith('\r\n')).toBe(true);
});

test('a line that is not there, or a format with no selector, is refused with why', () => {
  expect(applyRepairs('rpaweb', '{}\n', [at(9)]).refused[0]!.why).toBe('the recorded line is not in the file');
  expect(applyRepairs('mind2web', '[]', [at(1)]).refused[0]!.why).toBe('a mind2web file keeps no selector to rewrite');
});

test("selectors in the recorder's locator form and in DevTools form", () => {
  expect(recorderLocator('internal:label="Full name"i')).toEqual({ kind: 'label', body: 'Full name', options: { exact: false } });
  expect(recorderLocator('internal:testid=[data-testid="go"s]')).toEqual({ kind: 'test-id', body: 'go', options: {} });
  expect(recorderLocator('#send')).toEqual({ kind: 'default', body: '#send', options: {} });
  expect(recorderLocator('div >> internal:role=button')).toBeUndefined();
  expect(devtoolsSelector('internal:role=searchbox[name="Search all plants"i]')).toBe('aria/Search all plants[role="searchbox"]');
  expect(devtoolsSelector('internal:attr=[placeholder="Email"i]')).toBe('[placeholder="Email"]');
  expect(devtoolsSelector('internal:text="Save"i')).toBe('text/Save');
});

test('approve writes html_data on rpaweb rows only', () => {
  const row = JSON.stringify({ id: 'e', step: 1, json_data: {}, html_data: '<p>old</p>' });
  const r = applyBaselines('rpaweb', `${row}\n`, [{ source: { file: 'x', line: 1 }, html: '<p>new</p>' }]);
  expect(JSON.parse(r.text.split('\n')[0]!).html_data).toBe('<p>new</p>');
  expect(applyBaselines('devtools-recorder', '{}', [{ source: { file: 'x', line: 1 }, html: '' }]).refused[0]!.why).toContain(
    'keeps no before-state HTML',
  );
});
