import { expect, test } from '@playwright/test';
import { FIELD_PROBE, type Field } from '../../src/replay/devtools/change-value.js';
import { selectWhereProbed } from '../../src/replay/effects/select.js';
import { usePage } from '../support/replay.js';

// A select step chooses its options in one evaluation where the probe found the select, the way
// Playwright's selectOption does (same events, same result), and leaves anything unusual to
// selectOption untouched.
const shared = usePage();

const FORM = `<!doctype html>
<label>Size <select id="size"><option value="s">Small</option><option value="m">Medium</option><option value="l" disabled>Large</option><option value="xl">  Extra   large </option></select></label>
<label>Toppings <select id="toppings" multiple><option>Cheese</option><option>Olives</option><option>Basil</option></select></label>
<fieldset disabled><label>Locked <select id="locked"><option>One</option><option>Two</option></select></label></fieldset>
<label>Hidden <select id="hidden" style="visibility: hidden"><option>One</option><option>Two</option></select></label>
<pre id="log"></pre>
<script>
  for (const s of document.querySelectorAll('select'))
    for (const type of ['input', 'change'])
      s.addEventListener(type, (e) => (document.getElementById('log').textContent += type + ':' + s.id + (e.composed ? '(composed)' : '') + ' '));
</script>`;

async function probed(id: string): Promise<Field> {
  return (await shared.page.locator(`#${id}`).evaluate(FIELD_PROBE.run, FIELD_PROBE.arg as never)) as Field;
}
const selected = (id: string) =>
  shared.page.locator(`#${id}`).evaluate((s: HTMLSelectElement) => Array.from(s.selectedOptions, (o) => o.value));
const log = () => shared.page.locator('#log').textContent();

test('chooses as selectOption does: by label or value, several in a multiple select, with the same events', async () => {
  await shared.page.setContent(FORM);
  expect(await selectWhereProbed(shared.page.locator('#size'), await probed('size'), ['Medium'], 'label')).toBe(true);
  expect(await selected('size')).toEqual(['m']);
  expect(await selectWhereProbed(shared.page.locator('#size'), await probed('size'), ['s'], 'value')).toBe(true);
  expect(await selected('size')).toEqual(['s']);
  expect(await selectWhereProbed(shared.page.locator('#toppings'), await probed('toppings'), ['Cheese', 'Basil'], 'valueOrLabel')).toBe(
    true,
  );
  expect(await selected('toppings')).toEqual(['Cheese', 'Basil']);
  const ours = await log();

  // Playwright's own selectOption on the same shared.page, for the events it sends.
  await shared.page.setContent(FORM);
  await shared.page.locator('#size').selectOption({ label: 'Medium' });
  await shared.page.locator('#size').selectOption({ value: 's' });
  await shared.page.locator('#toppings').selectOption(['Cheese', 'Basil']);
  expect(ours).toBe(await log());
  expect(ours).toBe('input:size(composed) change:size input:size(composed) change:size input:toppings(composed) change:toppings ');
});

test('anything unusual is left to selectOption, the select untouched', async () => {
  await shared.page.setContent(FORM);
  const cases: [string, string[], 'value' | 'label' | 'valueOrLabel'][] = [
    ['size', ['l'], 'value'], // a disabled option: selectOption waits for it
    ['size', ['Extra  large'], 'label'], // a label matched only once white space is normalised
    ['size', ['s', 'm'], 'value'], // two options for a single select
    ['size', ['none'], 'value'], // no such option
    ['locked', ['Two'], 'label'], // in a disabled fieldset
    ['hidden', ['Two'], 'label'], // not visible
  ];
  for (const [id, wanted, by] of cases) {
    const field = await probed(id);
    const before = await selected(id);
    expect(await selectWhereProbed(shared.page.locator(`#${id}`), { ...field, visible: true }, wanted, by), `${id} ${wanted}`).toBe(false);
    expect(await selected(id)).toEqual(before);
  }
  expect(await log()).toBe('');
  // Not probed as a select (no probe, or the probe found no path to it): not tried.
  expect(await selectWhereProbed(shared.page.locator('#size'), undefined, ['m'], 'value')).toBe(false);
  const { path: _path, ...pathless } = await probed('size');
  expect(await selectWhereProbed(shared.page.locator('#size'), pathless, ['m'], 'value')).toBe(false);
  expect(await selected('size')).toEqual(['s']);
});
