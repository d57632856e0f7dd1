import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { RPAWEB_FIXTURES, tempDir } from '../support/fixture-site.js';
import { BIN } from '../support/cli.js';

const TRACE_HOOK = fileURLToPath(new URL('../support/module-trace/register.mjs', import.meta.url));

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BUNDLE = pathToFileURL(join(ROOT, 'dist', 'bin')).href + '/';
/** What each file of the joined CLI holds (scripts/build-cli.mjs): its modules, from the package root. */
const bundled = JSON.parse(readFileSync(join(ROOT, 'dist', 'bin', 'modules.json'), 'utf8')) as Record<string, string[]>;

/**
 * Runs the CLI with a module trace: its exit code, stdout, and every module it loaded — a file
 * of the joined CLI (dist/bin/) stands for the modules it holds, as their own file URLs.
 */
function traced(...args: string[]): { code: number; stdout: string; modules: string[] } {
  const trace = join(tempDir('rw-trace-'), 'modules.txt');
  writeFileSync(trace, '');
  const r = spawnSync(process.execPath, ['--import', TRACE_HOOK, BIN, ...args], {
    env: { ...process.env, MODULE_TRACE: trace, REPLAYWRIGHT_LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  const urls = readFileSync(trace, 'utf8').split('\n').filter(Boolean);
  const modules = urls.flatMap((url) => {
    if (!url.startsWith(BUNDLE)) return [url];
    const held = bundled[url.slice(BUNDLE.length)];
    expect(held, `${url} is not in dist/bin/modules.json`).toBeDefined();
    return held!.map((m) => pathToFileURL(join(ROOT, m)).href);
  });
  return { code: r.status ?? -1, stdout: r.stdout, modules };
}

test('the CLI runs from its joined files, and the trace sees the modules inside them', () => {
  const r = traced('validate', RPAWEB_FIXTURES);
  expect(r.code).toBe(0);
  expect(r.modules.some((m) => m.endsWith('/dist/formats/rpaweb.js'))).toBe(true);
  expect(r.modules.some((m) => m.startsWith(BUNDLE))).toBe(false);
});
const loads = (modules: string[], pkg: string) => modules.some((m) => m.includes(`/node_modules/${pkg}/`));

test('the trace sees Playwright when a command does load it (doctor)', () => {
  const r = traced('doctor');
  expect(loads(r.modules, 'playwright')).toBe(true);
});

for (const args of [
  ['--version'],
  ['--help'],
  ['run', '--help'],
  ['schema'],
  ['validate', RPAWEB_FIXTURES],
  ['inspect', RPAWEB_FIXTURES],
]) {
  test(`\`${args.map((a) => (a === RPAWEB_FIXTURES ? 'fixtures/rpaweb' : a)).join(' ')}\` does not load Playwright`, () => {
    const r = traced(...args);
    expect(r.code).toBe(0);
    expect(r.stdout.length).toBeGreaterThan(0);
    expect(r.modules.filter((m) => m.includes('/node_modules/playwright'))).toEqual([]);
  });
}

test('--version and --help load neither pino, zod nor any decoder', () => {
  for (const args of [['--version'], ['--help']]) {
    const r = traced(...args);
    for (const pkg of ['pino', 'zod', 'htmlparser2', 'pngjs', 'pixelmatch'])
      expect(loads(r.modules, pkg), `${args[0]} loads ${pkg}`).toBe(false);
    // Only the list of --format names (a constant) may come from formats/.
    expect(r.modules.filter((m) => m.includes('/dist/formats/') && !m.endsWith('/format-choices.js'))).toEqual([]);
  }
});

test('validating an rpaweb dataset loads the rpaweb decoder only: no other decoder, no HTML parser', () => {
  const r = traced('validate', RPAWEB_FIXTURES);
  expect(r.code).toBe(0);
  const decoders = r.modules.filter((m) => /\/dist\/formats\/[a-z0-9-]+\.js$/.test(m)).map((m) => m.replace(/.*\/dist\/formats\//, ''));
  expect(decoders).toContain('rpaweb.js');
  for (const other of ['mind2web.js', 'mt-mind2web.js', 'babyagi.js', 'visualwebarena.js', 'devtools-recorder.js'])
    expect(decoders).not.toContain(other);
  expect(loads(r.modules, 'htmlparser2')).toBe(false);
});

test('no help text is laid out before a command runs (skipHelpCache): yargs does unless told', async () => {
  const { default: yargs } = await import('yargs');
  const { skipHelpCache } = await import('../../src/commands/skip-help-cache.js');
  const helpLaidOut = async (skip: boolean): Promise<number> => {
    const y = yargs(['go']).command('go', 'a command', {}, () => undefined);
    if (skip) skipHelpCache(y);
    // The usage object is yargs' own (not in its types); count how often it builds the help text.
    const usage = (y as unknown as { getInternalMethods(): { getUsageInstance(): { help(): string } } })
      .getInternalMethods()
      .getUsageInstance();
    const help = usage.help.bind(usage);
    let built = 0;
    usage.help = () => (built++, help());
    await y.parseAsync();
    return built;
  };
  // Without it yargs builds the help ahead (so the internal skipHelpCache switches off still exists).
  expect(await helpLaidOut(false)).toBeGreaterThan(0);
  expect(await helpLaidOut(true)).toBe(0);
});
