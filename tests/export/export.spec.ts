import { spawn } from 'node:child_process';
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import ts from 'typescript';
import { RECORDED_ORIGIN } from '../../src/commands/demo.js';
import { loadDataset } from '../../src/formats/load-dataset.js';
import { Episode } from '../../src/ir/index.js';
import { findChromium, launchOptions } from '../../src/replay/browser.js';
import { jsString, playwrightTest } from '../../src/export/index.js';
import { lineComments } from '../../src/export/js-source.js';
import { changedSiteCopy, RPAWEB_FIXTURES, serveSite, tempDir } from '../support/fixture-site.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(ROOT, 'bin/replaywright.js');

function run(
  cmd: string,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: opts.cwd ?? ROOT, env: opts.env ?? process.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
const cli = (...args: string[]) => run(process.execPath, [BIN, ...args]);

/** Syntax errors TypeScript finds in generated source (none means it parses). */
function syntaxErrors(source: string): string[] {
  const out = ts.transpileModule(source, {
    reportDiagnostics: true,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  return (out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

test('exported specs of fixture episodes run green under @playwright/test against the fixture site (and red when the site broke)', async () => {
  test.setTimeout(240_000);
  const site = await serveSite();
  const broken = await serveSite(changedSiteCopy('tax/index.html', 'Submit declaration', 'Send declaration'));
  try {
    const dir = tempDir('rw-export-');
    // The spec imports @playwright/test: resolve it to this project's copy (one copy, or the runner refuses).
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const specs: [string, string, string][] = [
      ['library-save-record@1.49', site.url, 'library.spec.ts'],
      ['tax-submit-declaration@1.49', site.url, 'tax.spec.ts'],
      ['tax-submit-declaration@1.49', broken.url, 'tax-broken.spec.ts'],
    ];
    for (const [episode, url, file] of specs) {
      const r = await cli(
        'export',
        RPAWEB_FIXTURES,
        '--episode',
        episode,
        '--to',
        'playwright-test',
        '--out',
        join(dir, file),
        '--map-url',
        `${RECORDED_ORIGIN}=${url}`,
      );
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe(`wrote ${join(dir, file)}\n`);
      expect(r.stdout).toBe('');
    }
    const tax = readFileSync(join(dir, 'tax.spec.ts'), 'utf8');
    expect(syntaxErrors(tax)).toEqual([]);
    for (const line of [
      "test('Fill in the income tax declaration (NIF, full name, province Barcelona), declare the data is true, read the help, enter the SMS verification code and submit; the submission confirmation is cancelled.', async ({ page }) => {",
      `    await page.goto('${site.url}/tax/');`,
      "    await page.getByLabel('NIF').fill('00000000T');",
      '    // recorded: nif',
      "    await page.getByLabel('Province').selectOption('b');",
      '  await test.step(\'click button "Help"\', async () => {',
      "    const page1Promise = page.waitForEvent('popup');",
      "    await page.getByRole('button', { name: 'Help' }).click();",
      '    page1 = await page1Promise;',
      '    await page1.close();',
      "    await page.getByLabel('Verification code').fill(input('VERIFICATION_CODE'));",
      "    page.once('dialog', (dialog) => dialog.dismiss().catch(() => {}));",
      "    await page.getByRole('button', { name: 'Submit declaration' }).click();",
    ]) {
      expect(tax.split('\n'), line).toContain(line);
    }
    expect(tax).not.toContain(`goto('${RECORDED_ORIGIN}`);
    expect((tax.match(/await test\.step\(/g) ?? []).length).toBe(14);
    const library = readFileSync(join(dir, 'library.spec.ts'), 'utf8');
    expect(library.split('\n')).toContain("    const downloadPromise = page.waitForEvent('download');");
    expect(library.split('\n')).toContain("    await page.getByRole('link', { name: 'La casa de Bernarda Alba' }).click();");

    const config = join(dir, 'playwright.config.mjs');
    writeFileSync(
      config,
      `export default ${JSON.stringify(
        {
          testDir: dir,
          testMatch: '*.spec.ts',
          timeout: 60_000,
          workers: 1,
          retries: 0,
          outputDir: join(dir, 'test-results'),
          reporter: [['json', { outputFile: join(dir, 'report.json') }]],
          use: { browserName: 'chromium', launchOptions: launchOptions(findChromium()), actionTimeout: 4000, trace: 'off' },
        },
        null,
        2,
      )};\n`,
    );
    const env: NodeJS.ProcessEnv = { ...process.env, VERIFICATION_CODE: '482915', FORCE_COLOR: '0' };
    for (const k of Object.keys(env)) if (/^(TEST_|PW_|PLAYWRIGHT_)/.test(k)) delete env[k];
    const r = await run('npx', ['playwright', 'test', '--config', config], { env });
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as {
      suites: {
        file: string;
        specs: { title: string; tests: { results: { status: string; error?: { message?: string }; steps: { title: string }[] }[] }[] }[];
      }[];
      stats: { expected: number; unexpected: number };
    };
    const outcome = Object.fromEntries(report.suites.map((s) => [s.file, s.specs.map((sp) => sp.tests[0]!.results[0]!)]));
    expect(Object.keys(outcome).sort()).toEqual(['library.spec.ts', 'tax-broken.spec.ts', 'tax.spec.ts']);
    expect(outcome['library.spec.ts']![0]!.status, outcome['library.spec.ts']![0]!.error?.message).toBe('passed');
    expect(outcome['tax.spec.ts']![0]!.status, outcome['tax.spec.ts']![0]!.error?.message).toBe('passed');
    expect(outcome['tax.spec.ts']![0]!.steps.map((s) => s.title)).toEqual([
      'open page about:blank',
      'go to http://127.0.0.1:38080/tax/',
      'click field labelled "NIF"',
      'fill field labelled "NIF" with "00000000T"',
      'click field labelled "Full name"',
      'fill field labelled "Full name" with "Ana Pérez"',
      'select "b" in field labelled "Province"',
      'check field labelled "I declare the data is true"',
      'click button "Help"',
      'close page',
      'click field labelled "Verification code"',
      'fill field labelled "Verification code" with "482915"',
      'click button "Submit declaration"',
      'close page',
    ]);
    // The same spec against the site with the renamed button fails at that step: the run is real.
    expect(outcome['tax-broken.spec.ts']![0]!.status).toBe('failed');
    expect(outcome['tax-broken.spec.ts']![0]!.error?.message).toContain("getByRole('button', { name: 'Submit declaration' })");
    expect(report.stats).toMatchObject({ expected: 2, unexpected: 1 });
    expect(r.code).toBe(1);
  } finally {
    await site.close();
    await broken.close();
  }
});

test('export --to ir writes the decoded episode; bad requests exit 2 and say why', async () => {
  const data = await loadDataset(RPAWEB_FIXTURES);
  const episode = data.episodes.find((e) => e.id === 'board-add-move-delete@1.65')!;
  const ir = await cli('export', RPAWEB_FIXTURES, '--episode', episode.id, '--to', 'ir');
  expect(ir.code, ir.stderr).toBe(0);
  expect(JSON.parse(ir.stdout)).toEqual(JSON.parse(JSON.stringify(episode)));
  expect(Episode.parse(JSON.parse(ir.stdout)).steps).toHaveLength(episode.steps.length);

  const missing = await cli('export', RPAWEB_FIXTURES, '--episode', 'nope', '--to', 'ir');
  expect(missing.code).toBe(2);
  expect(missing.stderr).toContain(`no episode nope in ${RPAWEB_FIXTURES} (episodes: library-save-record@1.49, `);
  const unnamed = await cli('export', RPAWEB_FIXTURES, '--to', 'playwright-test');
  expect(unnamed.code).toBe(2);
  expect(unnamed.stderr).toContain('name the episode to export with --episode');
  const noTo = await cli('export', RPAWEB_FIXTURES, '--episode', episode.id);
  expect(noTo.code).toBe(2);
  expect(noTo.stderr).toContain('Missing required argument: to');
});

test('string literals and comments from dataset text stay literals and comments', () => {
  const nasty = [
    "it's",
    'back\\slash',
    'line\nbreak',
    'cr\rlf',
    'ls\u2028ps\u2029',
    '${x}`',
    '</script><!--',
    'nul\u0000bel\u0007',
    'bidi\u202eevil',
    'lone\ud800',
    'emoji 😀',
    '\ufeffbom',
  ];
  for (const s of nasty) {
    const lit = jsString(s);
    expect(lit.startsWith("'") && lit.endsWith("'")).toBe(true);
    expect(/[\n\r\u2028\u2029\u202e\ufeff]/.test(lit), lit).toBe(false);
    expect(new Function(`return ${lit};`)(), lit).toBe(s);
  }
  expect(lineComments('a\u2028globalThis.hacked = 1\rb\nc', '  ')).toEqual(['  // a', '  // globalThis.hacked = 1', '  // b', '  // c']);
});

test('every kind of target and action exports to code that parses, with exact locators', () => {
  const sel = (selector: string, framePath?: string[]) => ({
    locate: [{ kind: 'selector', selector, ...(framePath ? { framePath } : {}) }],
  });
  const steps = [
    { page: 'page', action: { type: 'openPage', url: 'about:blank' } },
    {
      page: 'page',
      action: { type: 'navigate', url: 'https://prod.example/a?b=1' },
      note: "line one\u2028process.exit(1) // ' \n line two",
    },
    {
      page: 'page',
      action: { type: 'click', target: sel('internal:role=button[name="Go \\"now\\""i]'), modifiers: ['Shift'], button: 'right' },
      expect: [{ kind: 'popup', page: 'page@0123abcd' }],
    },
    { page: 'page@0123abcd', action: { type: 'click', target: sel('internal:role=heading[level=2][name="Title"i]'), clickCount: 2 } },
    { page: 'page@0123abcd', action: { type: 'fill', target: sel('internal:label="Name"s', ['iframe[name="f"]']), text: "O'Brien" } },
    { page: 'page', action: { type: 'check', target: sel('#list >> internal:has-text="Row 2"i >> nth=-1') } },
    {
      page: 'page',
      action: { type: 'select', target: sel('internal:role=combobox[name=/prov/i]'), options: ['b'] },
      needsInput: { param: 'province code', prompt: 'ask' },
    },
    { page: 'page', action: { type: 'press', key: 'Enter', modifiers: ['ControlOrMeta'] } },
    { page: 'page', action: { type: 'assertText', target: { locate: [{ kind: 'css', css: 'p.status' }] }, text: 'Done </script>' } },
    { page: 'page', action: { type: 'assertChecked', target: { locate: [{ kind: 'xpath', xpath: '//input[@id="t"]' }] }, checked: false } },
    { page: 'page', action: { type: 'assertValue', target: sel('internal:attr=[placeholder="Code"i]'), value: '42' } },
    { page: 'page', action: { type: 'clickPoint', point: { x: 0.5, y: 0.25, units: 'fraction' } } },
    { page: 'page', action: { type: 'click', target: { locate: [{ kind: 'box', box: { x: 10, y: 20, width: 30, height: 40 } }] } } },
    { page: 'page', action: { type: 'hover', target: { locate: [{ kind: 'backendNodeId', backendNodeId: '77' }] } } },
    { page: 'page', action: { type: 'scroll', dy: 1, unit: 'viewport' } },
    { page: 'page', action: { type: 'stop', answer: 'it costs\n$5' } },
  ];
  const episode = Episode.parse({
    id: 'kitchen-sink',
    format: 'rpaweb',
    instruction: "Do it ');process.exit(1);('\n`${now}` \u2028 </script>",
    source: { file: '/d/k.jsonl', line: 1 },
    steps: steps.map((s, index) => ({ index, source: { file: '/d/k.jsonl', line: index + 1 }, ...s })),
  });
  const code = playwrightTest(episode, { urlMappings: [{ from: 'https://prod.example', to: 'http://localhost:8080' }] });
  expect(syntaxErrors(code)).toEqual([]);
  const lines = code.split('\n');
  for (const line of [
    "import { test, expect, type Page } from '@playwright/test';",
    "test('Do it \\');process.exit(1);(\\'\\n`${now}` \\u2028 </script>', async ({ page }) => {",
    '  let page1: Page;',
    "    await page.goto('http://localhost:8080/a?b=1');",
    '    // recorded: line one',
    "    // process.exit(1) // '",
    '    //  line two',
    "    const page1Promise = page.waitForEvent('popup');",
    "    await page.getByRole('button', { name: 'Go \"now\"' }).click({ button: 'right', modifiers: ['Shift'] });",
    '    page1 = await page1Promise;',
    '    await page1.locator(\'internal:role=heading[level=2][name="Title"i]\').dblclick();',
    "    await page1.locator('iframe[name=\"f\"]').contentFrame().getByLabel('Name', { exact: true }).fill('O\\'Brien');",
    "    await page.locator('#list').filter({ hasText: 'Row 2' }).last().check();",
    "    await page.locator('internal:role=combobox[name=/prov/i]').selectOption(input('PROVINCE_CODE'));",
    "    await page.keyboard.press('ControlOrMeta+Enter');",
    "    await expect(page.locator('p.status')).toContainText('Done </script>');",
    '    await expect(page.locator(\'xpath=//input[@id="t"]\')).not.toBeChecked();',
    "    await expect(page.getByPlaceholder('Code')).toHaveValue('42');",
    '    await page.mouse.click(640, 180);',
    '    await page.mouse.click(25, 40);',
    "    throw new Error('not exported: no selector or box to find hover node 77 by');",
    '    await page.mouse.wheel(0, 720);',
    '    // the agent stopped here, answering: it costs',
    '    // $5',
    '// set PROVINCE_CODE in the environment: ask',
  ]) {
    expect(lines, line).toContain(line);
  }
  expect(code).not.toContain('\u2028');
});
