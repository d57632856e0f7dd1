import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { GENERATED_SECTIONS, sectionOf } from '../../src/config/docs-tables.js';
import { REASONS } from '../../src/ir/results.js';
import { cli, ROOT } from '../scale/support.js';

// docs/ and the code must agree: the generated sections are what the code generates now, every
// option the CLI's `run` takes is in the options table (and nothing else is), every failure
// reason is documented. A stale section: `npm run docs`.

const doc = (file: string) => readFileSync(join(ROOT, file), 'utf8');

for (const [name, { file, render }] of Object.entries(GENERATED_SECTIONS)) {
  test(`${file}: the ${name} section is the one the code generates`, () => {
    expect(sectionOf(doc(file), name), `${file} has no generated:${name} section`).toBeDefined();
    expect(sectionOf(doc(file), name), `${file} is stale: run npm run docs`).toBe(render());
  });
}

/** The flags of the options table (first column), without the leading dashes. */
const documentedFlags = () =>
  sectionOf(doc('docs/options.md'), 'options')!
    .split('\n')
    .flatMap((line) => /^\| `--([a-z-]+)`/.exec(line)?.[1] ?? []);

test('every option `replaywright run --help` shows is in the docs table, and every one there is an option', async () => {
  const help = await cli('run', '--help');
  expect(help.code).toBe(0);
  const shown = [...help.stdout.matchAll(/^\s+--([a-z][a-z-]*)/gm)].map((m) => m[1]!).filter((f) => f !== 'help' && f !== 'version');
  expect(shown.length).toBeGreaterThan(30);
  expect(documentedFlags().sort()).toEqual(shown.sort());
});

test('every failure reason is documented in docs/results.md, and no other', () => {
  const listed = [...doc('docs/results.md').matchAll(/^- `([a-z-]+)`: /gm)].map((m) => m[1]);
  expect(listed).toEqual(Object.keys(REASONS));
  for (const [reason, meaning] of Object.entries(REASONS)) expect(meaning.length, reason).toBeGreaterThan(10);
});

test('the README stays short and links every docs/ page', () => {
  const readme = doc('README.md');
  expect(statSync(join(ROOT, 'README.md')).size).toBeLessThanOrEqual(16 * 1024);
  for (const page of readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md'))) expect(readme).toContain(`(docs/${page}`);
  expect(readme.indexOf('npm run demo')).toBeLessThan(readme.indexOf('## Layout'));
});
