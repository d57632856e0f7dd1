import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

// The data flow of src/, checked (in the spirit of Playwright's DEPS.list): each layer names the
// layers it may import. Imports run downwards only: ir/ and selectors/ are the shared vocabulary
// and know no other layer; decoders turn files into IR; the replayer gets everything a format
// knows through the IR; compare is pure; results/report/export read results; commands wire it.
// `leaf` is the handful of dependency-free helpers at src/ top level (escape-html, secrets, log…).
const ALLOWED: Record<string, readonly string[]> = {
  ir: ['leaf'],
  selectors: [],
  leaf: ['leaf'],
  formats: ['ir', 'selectors', 'leaf'],
  compare: ['ir', 'selectors', 'leaf'],
  replay: ['ir', 'selectors', 'compare', 'results', 'leaf'],
  results: ['ir', 'leaf'],
  report: ['ir', 'results', 'leaf'],
  export: ['ir', 'selectors', 'leaf'],
  commands: ['ir', 'selectors', 'formats', 'compare', 'replay', 'results', 'report', 'export', 'config', 'leaf', 'commands'],
  config: ['ir', 'leaf'],
  api: ['ir', 'selectors', 'formats', 'compare', 'replay', 'results', 'report', 'export', 'config', 'leaf'],
  cli: ['commands', 'ir', 'replay', 'formats', 'compare', 'report', 'results', 'config', 'leaf'],
};
// Only these may touch Playwright (the browser) — compare/, formats/, ir/ stay testable without one.
const MAY_DRIVE_PLAYWRIGHT = new Set(['replay', 'commands', 'cli', 'api']);
const MAX_LINES = 450;

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));

function layerOf(file: string): string {
  const parts = relative(src, file).split(sep);
  if (parts.length > 1) return parts[0]!;
  if (parts[0] === 'cli.ts') return 'cli';
  if (parts[0] === 'index.ts') return 'api';
  return 'leaf';
}

function importsOf(file: string): { spec: string; line: number }[] {
  const out: { spec: string; line: number }[] = [];
  readFileSync(file, 'utf8').split('\n').forEach((text, i) => {
    for (const m of text.matchAll(/(?:^import\b[^'"]*|^export\b[^'"]*\bfrom\s*|\bimport\(\s*)['"]([^'"]+)['"]/g)) out.push({ spec: m[1]!, line: i + 1 });
  });
  return out;
}

const sources = files(src);

test('every import in src/ runs with the data flow (layer rules in this file)', () => {
  const wrong: string[] = [];
  for (const file of sources) {
    const from = layerOf(file);
    expect(ALLOWED[from], `${relative(src, file)}: a folder with no layer rule`).toBeDefined();
    for (const { spec, line } of importsOf(file)) {
      const where = `src/${relative(src, file).split(sep).join('/')}:${line}`;
      if (spec.startsWith('.')) {
        const to = layerOf(resolve(dirname(file), spec));
        if (to !== from && !ALLOWED[from]!.includes(to)) wrong.push(`${where}: ${from} imports ${to} (${spec})`);
      } else if (/^(playwright|@playwright\/)/.test(spec) && !MAY_DRIVE_PLAYWRIGHT.has(from)) {
        wrong.push(`${where}: ${from} imports ${spec}`);
      }
    }
  }
  expect(wrong).toEqual([]);
});

test('the replayer and comparison never branch on a dataset format name', () => {
  const branches = sources
    .filter((f) => ['replay', 'compare'].includes(layerOf(f)))
    .flatMap((f) => readFileSync(f, 'utf8').split('\n').map((text, i) => ({ f, text, i })))
    .filter(({ text }) => /\.format\s*[!=]==/.test(text))
    .map(({ f, i }) => `src/${relative(src, f)}:${i + 1}`);
  expect(branches).toEqual([]);
});

test(`no source file is over ${MAX_LINES} lines`, () => {
  const long = sources.map((f) => ({ f: relative(src, f), n: readFileSync(f, 'utf8').split('\n').length })).filter(({ n }) => n > MAX_LINES);
  expect(long).toEqual([]);
});

test('the rules catch an import against the flow (the scan itself works)', () => {
  // A replay file importing a decoder must be seen as replay → formats.
  expect(layerOf(join(src, 'replay', 'x.ts'))).toBe('replay');
  expect(layerOf(resolve(join(src, 'replay'), '../formats/load-dataset.js'))).toBe('formats');
  expect(ALLOWED.replay).not.toContain('formats');
  expect(importsOf(join(src, 'replay', 'before-state.ts')).map((i) => i.spec)).toContain('../ir/recorded-page/index.js');
});
