import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { PNG } from 'pngjs';
import { RECORDED_ORIGIN } from '../../src/commands/demo.js';
import { RPAWEB_FIXTURES, SITE, serveSite, tempDir, type FixtureServer } from '../support/fixture-site.js';
import { zipContents } from '../support/zip-entries.js';
import { BIN, childEnv, start, type Done } from '../scale/support.js';

// A real replay through the compiled CLI of the rpaweb tax episode, which types the NIF (an
// `anonymized_data` placeholder, "00000000T" in the recording) and a verification code (a
// `user_feedback` step). The site is the fixture tax form, changed to say whether the pair it
// received is the expected one — it checks a hash, so the page itself never holds the values.
test.setTimeout(180_000);

const NIF = '12345678Z';
const CODE = 'Q7K4X2';
const EPISODE = 'tax-submit-declaration@1.65';
const DATASET = join(RPAWEB_FIXTURES, 'episodes-1.65.jsonl');

/** FNV-1a over UTF-16 code points, the same function the changed page runs. */
function fnv(text: string): string {
  let h = 0x811c9dc5;
  for (const c of text) {
    h ^= c.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16);
}

function checkingTaxSite(): string {
  const root = tempDir('rw-secret-site-');
  const original = readFileSync(join(SITE, 'tax', 'index.html'), 'utf8');
  const status = '<p id="status" class="status" role="status" hidden></p>';
  const script = '  <script>\n    const status';
  if (!original.includes(status) || !original.includes(script)) throw new Error('the fixture tax form changed: update this test');
  const check = `<script>
    const fnv = (t) => { let h = 0x811c9dc5; for (const c of t) { h ^= c.codePointAt(0); h = Math.imul(h, 0x01000193) >>> 0; } return h.toString(16); };
    document.getElementById('send').addEventListener('click', () => {
      const ok = fnv(document.getElementById('nif').value + '|' + document.getElementById('code').value) === '${fnv(`${NIF}|${CODE}`)}';
      const p = document.getElementById('check');
      p.textContent = ok ? 'Identity verified' : 'Identity not verified';
      p.hidden = false;
    });
  </script>
`;
  const page = original.replace(status, `${status}\n      <p id="check" class="status" hidden></p>`).replace('</body>', `${check}</body>`);
  mkdirSync(join(root, 'tax'));
  writeFileSync(join(root, 'tax', 'index.html'), page);
  return root;
}

let site: FixtureServer;
test.beforeAll(async () => {
  site = await serveSite([checkingTaxSite(), SITE]);
});
test.afterAll(async () => {
  await site?.close();
});

const run = (args: string[], env: Record<string, string> = {}): Promise<Done> =>
  start([BIN, ...args], { env: childEnv({ FORCE_COLOR: '0', ...env }) }).done;

const replay = (out: string, extra: string[], env: Record<string, string> = {}) =>
  run(
    [
      'run',
      DATASET,
      '--episode',
      EPISODE,
      '--out',
      out,
      '--map-url',
      `${RECORDED_ORIGIN}=${site.url}`,
      '--trace',
      'on',
      // DOM snapshots too: they hold every typed value, and must be scrubbed like the rest.
      '--trace-detail',
      'full',
      '--log-format',
      'json',
      '--log-level',
      'debug',
      ...extra,
    ],
    env,
  );

/** Every file under `dir`, and every entry of every zip in it (traces), as [name, bytes]. */
function everyOutput(dir: string): [string, Buffer][] {
  const found: [string, Buffer][] = [];
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const path = join(dir, name);
    if (!statSync(path).isFile()) continue;
    const bytes = readFileSync(path);
    found.push([name, bytes]);
    if (name.endsWith('.zip')) for (const e of zipContents(path)) found.push([`${name}!${e.name}`, e.data]);
  }
  return found;
}

const hits = (outputs: [string, Buffer][], value: string) => outputs.filter(([, bytes]) => bytes.includes(value)).map(([name]) => name);

/** Pixels of the magenta Playwright paints over masked elements. */
function maskedPixels(png: string): number {
  const { data } = PNG.sync.read(readFileSync(png));
  let n = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i] === 255 && data[i + 1] === 0 && data[i + 2] === 255) n += 1;
  return n;
}

test('a replay typing secrets passes, and no output holds their values: results, summary, report, JUnit, HTML, trace entries, logs, exported scripts', async () => {
  const out = tempDir('rw-secret-run-');
  // Every before-state counts as drifted, so each step's live screenshot and HTML are written too.
  const compareConfig = join(tempDir('rw-secret-cfg-'), 'compare.json');
  writeFileSync(compareConfig, JSON.stringify({ maxDiffPixels: -1, maxDiffPixelRatio: -1 }));
  // The NIF from the environment, the code on the command line: two of the ways in.
  const r = await replay(out, ['--secret', `verification_code=${CODE}`, '--compare-config', compareConfig], {
    REPLAYWRIGHT_SECRET_NIF: NIF,
  });
  expect(r.code, r.stderr).toBe(0);

  const dir = join(out, 'episodes', EPISODE);
  // The site received both values (its hash check passed), so they were really typed.
  expect(readFileSync(join(dir, 'final.html'), 'utf8')).toContain('Identity verified');
  const results = readFileSync(join(out, 'results.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  expect(results).toMatchObject([{ episode: EPISODE, status: 'passed', trace: `episodes/${EPISODE}/trace.zip` }]);
  expect(results[0].steps[3].notes).toContain('typed the secret value of NIF given for this run');
  expect(results[0].steps[10].notes).toContain('typed the secret value of verification_code given for this run');
  // Both inputs are painted over in the final screenshot and in the live one before the last step.
  expect(maskedPixels(join(dir, 'final.png'))).toBeGreaterThan(2 * 300 * 30);
  expect(maskedPixels(join(dir, 'steps', '12-live.png'))).toBeGreaterThan(2 * 300 * 30);
  expect(maskedPixels(join(dir, 'steps', '4-live.png'))).toBe(0); // before the NIF was typed

  const script = join(out, 'export', 'tax.spec.ts');
  const ir = join(out, 'export', 'tax.json');
  for (const [to, file] of [
    ['playwright-test', script],
    ['ir', ir],
  ] as const) {
    const e = await run([
      'export',
      DATASET,
      '--episode',
      EPISODE,
      '--to',
      to,
      '--out',
      file,
      '--secret',
      `NIF=${NIF}`,
      '--secret',
      `verification_code=${CODE}`,
    ]);
    expect(e.code, e.stderr).toBe(0);
  }
  const spec = readFileSync(script, 'utf8');
  expect(spec).toContain(".fill(input('NIF'));");
  expect(spec).toContain(".fill(input('VERIFICATION_CODE'));");

  const outputs: [string, Buffer][] = [...everyOutput(out), ['stdout', Buffer.from(r.stdout)], ['stderr', Buffer.from(r.stderr)]];
  const names = outputs.map(([n]) => n);
  for (const expected of [
    'results.jsonl',
    'summary.json',
    'junit.xml',
    'report/index.html',
    `episodes/${EPISODE}/final.html`,
    `episodes/${EPISODE}/trace.zip!trace.trace`,
    'export/tax.spec.ts',
    'export/tax.json',
    `episodes/${EPISODE}/steps/12-live.html.txt`,
  ]) {
    expect(names).toContain(expected);
  }
  expect(names.some((n) => n.startsWith('report/data/'))).toBe(true);
  expect(r.stderr).toContain('"msg":"episode finished"');
  expect(hits(outputs, NIF)).toEqual([]);
  expect(hits(outputs, CODE)).toEqual([]);
  // The trace did record the steps that typed them, with the values replaced.
  const trace = outputs.find(([n]) => n.endsWith('trace.zip!trace.trace'))![1].toString('utf8');
  expect(trace).toContain('[secret:verification_code]');
  expect(trace).toContain('[secret:NIF]');
});

test('the same values given with --param (not secret) do show up in the outputs, so the search above can fail', async () => {
  const out = tempDir('rw-secret-plain-');
  const r = await replay(out, ['--param', `verification_code=${CODE}`, '--param', `NIF=${NIF}`]);
  expect(r.code, r.stderr).toBe(0);
  const dir = join(out, 'episodes', EPISODE);
  expect(readFileSync(join(dir, 'final.html'), 'utf8')).toContain('Identity verified');
  expect(maskedPixels(join(dir, 'final.png'))).toBe(0);
  const outputs = everyOutput(out);
  expect(hits(outputs, CODE)).toContain(`episodes/${EPISODE}/trace.zip!trace.trace`);
  expect(hits(outputs, NIF)).toContain(`episodes/${EPISODE}/trace.zip!trace.trace`);
});

test('a wrong secret is typed too: the site says so, and the value still appears nowhere', async () => {
  const out = tempDir('rw-secret-wrong-');
  const wrong = 'Z9Z9Z9';
  const params = join(out, 'params.json');
  writeFileSync(params, JSON.stringify({ NIF, verification_code: { value: wrong, secret: true } }));
  const r = await replay(join(out, 'run'), ['--params', params]);
  expect(r.code, r.stderr).toBe(0);
  expect(readFileSync(join(out, 'run', 'episodes', EPISODE, 'final.html'), 'utf8')).toContain('Identity not verified');
  const outputs: [string, Buffer][] = [
    ...everyOutput(join(out, 'run')),
    ['stdout', Buffer.from(r.stdout)],
    ['stderr', Buffer.from(r.stderr)],
  ];
  expect(hits(outputs, wrong)).toEqual([]);
  // The NIF was a plain param in the same file: allowed to show.
  expect(hits(outputs, NIF).length).toBeGreaterThan(0);
});

test('a bad --params file: exit 2, a message naming the file and the key, no stack trace, no value quoted', async () => {
  const dir = tempDir('rw-secret-bad-');
  const cases: [string, string, RegExp][] = [
    ['wrong-type.json', JSON.stringify({ token: 12 }), /--params .*wrong-type\.json: key "token": expected a string or \{"value"/],
    [
      'bad-value.json',
      JSON.stringify({ token: { value: 5, secret: true } }),
      /--params .*bad-value\.json: key "token": "value" must be a string/,
    ],
    [
      'unknown-field.json',
      JSON.stringify({ token: { value: 'x', secrte: true } }),
      /--params .*unknown-field\.json: key "token": unknown field secrte/,
    ],
    ['bad-name.json', JSON.stringify({ 'a b': 'x' }), /--params .*bad-name\.json: key "a b": not a param name/],
    ['not-json.json', '{"token": s3cr3t-value}', /--params .*not-json\.json: not valid JSON/],
    ['array.json', '["x"]', /--params .*array\.json: expected a JSON object/],
  ];
  for (const [name, text, message] of cases) {
    const file = join(dir, name);
    writeFileSync(file, text);
    const r = await run(['run', DATASET, '--out', join(dir, 'out'), '--params', file]);
    expect(r.code, name).toBe(2);
    expect(r.stderr, name).toMatch(message);
    expect(r.stderr, name).not.toMatch(/\n\s+at /);
    expect(r.stderr, name).not.toContain('s3cr3t');
  }
  const missing = await run(['run', DATASET, '--out', join(dir, 'out'), '--params', join(dir, 'none.json')]);
  expect(missing.code).toBe(2);
  expect(missing.stderr).toMatch(/--params .*none\.json: no such file/);
});
