import type { Locator, Page } from 'playwright';
import type { HealedLocator } from '../../ir/results.js';
import { attrValue, textValue } from '../../selectors/index.js';

/** What the element says about itself, read in one round trip. */
interface OwnFacts {
  testId: string | null;
  id: string;
  placeholder: string | null;
  alt: string | null;
  title: string | null;
  text: string;
}

/**
 * A locator that finds `found` directly, in the order Playwright's recorder prefers (test id,
 * role and name, placeholder, label, alt, title, text, `#id`): the first candidate that matches
 * exactly one element on the page, and that element is `found`. Undefined when none does — then
 * nothing is written back, because a locator that could pick another element is no repair.
 * Main frame only: a frame path is not ours to rewrite.
 */
export async function directLocator(page: Page, found: Locator): Promise<HealedLocator | undefined> {
  const handle = await found.elementHandle({ timeout: 2000 });
  if (!handle) return undefined;
  try {
    const facts = await handle.evaluate((el): OwnFacts => ({
      testId: el.getAttribute('data-testid'),
      id: el.id,
      placeholder: el.getAttribute('placeholder'),
      alt: el.getAttribute('alt'),
      title: el.getAttribute('title'),
      text: (el.textContent ?? '').replace(/\s+/g, ' ').trim(),
    }));
    const aria = ariaRoleAndName(await found.ariaSnapshot({ timeout: 2000 }).catch(() => ''));
    for (const candidate of candidates(facts, aria)) {
      const locator = page.locator(candidate.selector);
      if ((await locator.count()) !== 1) continue;
      if (await locator.evaluate((el, target) => el === target, handle).catch(() => false)) return candidate;
    }
    return undefined;
  } finally {
    await handle.dispose().catch(() => undefined);
  }
}

function* candidates(f: OwnFacts, aria: { role: string; name?: string } | undefined): Generator<HealedLocator> {
  const q = (s: string) => JSON.stringify(s).replace(/^"|"$/g, "'");
  if (f.testId)
    yield { selector: `internal:testid=[data-testid=${attrValue(f.testId, true)}]`, description: `getByTestId(${q(f.testId)})` };
  if (aria?.name)
    yield {
      selector: `internal:role=${aria.role}[name=${attrValue(aria.name, false)}]`,
      description: `getByRole('${aria.role}', { name: ${q(aria.name)} })`,
    };
  if (f.placeholder)
    yield {
      selector: `internal:attr=[placeholder=${attrValue(f.placeholder, false)}]`,
      description: `getByPlaceholder(${q(f.placeholder)})`,
    };
  if (aria?.name && isField(aria.role))
    yield { selector: `internal:label=${textValue(aria.name, false)}`, description: `getByLabel(${q(aria.name)})` };
  if (f.alt) yield { selector: `internal:attr=[alt=${attrValue(f.alt, false)}]`, description: `getByAltText(${q(f.alt)})` };
  if (f.title) yield { selector: `internal:attr=[title=${attrValue(f.title, false)}]`, description: `getByTitle(${q(f.title)})` };
  if (f.text && f.text.length <= 80)
    yield { selector: `internal:text=${textValue(f.text, false)}`, description: `getByText(${q(f.text)})` };
  if (f.id && /^[A-Za-z][\w-]*$/.test(f.id)) yield { selector: `#${f.id}`, description: `locator('#${f.id}')` };
}

const isField = (role: string) =>
  ['textbox', 'combobox', 'checkbox', 'radio', 'spinbutton', 'slider', 'searchbox', 'switch'].includes(role);

/**
 * Role and accessible name from the first line of Playwright's ARIA snapshot of the element
 * (`- button "Send declaration"`): Playwright's own computation, the one `getByRole` matches.
 */
export function ariaRoleAndName(snapshot: string): { role: string; name?: string } | undefined {
  const m = /^- ([a-z]+)(?: "((?:[^"\\]|\\.)*)")?/.exec(snapshot.split('\n')[0] ?? '');
  if (!m) return undefined;
  let name: string | undefined;
  try {
    name = m[2] !== undefined ? (JSON.parse(`"${m[2]}"`) as string) : undefined;
  } catch {
    name = m[2];
  }
  return { role: m[1]!, name: name || undefined };
}
