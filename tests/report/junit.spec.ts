import { expect, test } from '@playwright/test';
import type { Browser, Page } from 'playwright';
import { junitXml, xmlAttr, xmlText } from '../../src/report/junit.js';
import type { EpisodeResult } from '../../src/ir/results.js';
import { launch } from '../support/replay.js';

/** Chromium's XML parser is a strict XML 1.0 parser: what it rejects, CI tools reject too. */
let browser: Browser;
let page: Page;
test.beforeAll(async () => {
  browser = await launch();
  page = await browser.newPage();
});
test.afterAll(async () => {
  await browser?.close();
});

interface Parsed {
  error?: string | null;
  root?: string;
  suite?: Record<string, string | null>;
  cases?: {
    attrs: Record<string, string | null>;
    children: { tag: string; attrs: Record<string, string | null>; text: string | null }[];
  }[];
}

function parse(xml: string): Promise<Parsed> {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    const err = doc.querySelector('parsererror');
    if (err) return { error: err.textContent };
    const attrs = (el: Element) => Object.fromEntries(Array.from(el.attributes).map((a) => [a.name, a.value]));
    const suite = doc.documentElement.querySelector(':scope > testsuite')!;
    return {
      root: doc.documentElement.tagName,
      suite: attrs(suite),
      cases: Array.from(suite.querySelectorAll(':scope > testcase')).map((c) => ({
        attrs: attrs(c),
        children: Array.from(c.children).map((x) => ({ tag: x.tagName, attrs: attrs(x), text: x.textContent })),
      })),
    };
  }, xml);
}

const NASTY = 'a<b>&"c\'\u0000\u0007\u001b[31mred\u001b[0m\ud800 ]]> \ufffe 😀\tend\nline2';

function result(extra: Partial<EpisodeResult>): EpisodeResult {
  return {
    episode: 'e',
    format: 'rpaweb',
    status: 'passed',
    source: { file: '/d/x.jsonl', line: 1 },
    durationMs: 1500,
    steps: [],
    ...extra,
  };
}

const results: EpisodeResult[] = [
  result({ episode: 'ok', durationMs: 1234 }),
  result({
    episode: `evil ${NASTY}`,
    format: 'mind2web',
    status: 'failed',
    reason: 'target-not-found',
    failedStep: 1,
    message: `step 2 (click ${NASTY}): nothing matched`,
    durationMs: 2500,
    steps: [
      { index: 0, action: 'navigate', description: 'go to http://x/?a=1&b=2', page: 'page', status: 'passed', durationMs: 500 },
      {
        index: 1,
        action: 'click',
        description: `click ${NASTY}`,
        page: 'page',
        status: 'failed',
        reason: 'target-not-found',
        message: 'nothing matched',
        durationMs: 2000,
        resolvedBy: 'similarity',
        score: 0.4,
      },
      { index: 2, action: 'closePage', description: 'close page', page: 'page', status: 'skipped', reason: 'after-failure', durationMs: 0 },
    ],
  }),
  result({
    episode: 'final',
    status: 'failed',
    reason: 'final-state-mismatch',
    message: 'reads differently',
    final: { url: 'http://x/', html: 'a.html', screenshot: 'a.png', textSimilarity: 0.5 },
  }),
  result({
    episode: 'bad',
    status: 'error',
    reason: 'invalid-input',
    message: 'x.jsonl:3: error: json_data: invalid JSON',
    problems: ['x.jsonl:3: error: json_data: invalid JSON'],
  }),
];

/** What the nasty text reads as after the round trip: colour codes gone, non-XML characters as \uXXXX. */
const NASTY_READ = 'a<b>&"c\'\\u0000\\u0007red\\ud800 ]]> \\ufffe 😀\tend\nline2';

test('a negative control: the parser used here does reject what XML 1.0 forbids', async () => {
  expect((await parse('<testsuites><testsuite>\u0000</testsuite></testsuites>')).error).toBeTruthy();
  expect((await parse('<testsuites><testsuite name="<"/></testsuites>')).error).toBeTruthy();
  expect((await parse('<testsuites><testsuite name="&lt;"/></testsuites>')).suite).toEqual({ name: '<' });
});

test('junit.xml: one testsuite of testcases with failure/error, exact attributes, everything escaped', async () => {
  const xml = junitXml(results, { dataset: '/d & "e"', durationMs: 9000, startedAt: '2025-01-02T03:04:05.678Z', exitCode: 1 });
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites ')).toBe(true);
  const p = await parse(xml);
  expect(p.error).toBeUndefined();
  expect(p.root).toBe('testsuites');
  expect(p.suite).toMatchObject({
    name: 'replaywright',
    tests: '4',
    failures: '2',
    errors: '1',
    skipped: '0',
    time: '9.000',
    timestamp: '2025-01-02T03:04:05',
  });
  expect(p.cases!.map((c) => [c.attrs.classname, c.attrs.name, c.attrs.time, c.children.map((x) => x.tag)])).toEqual([
    ['rpaweb', 'ok', '1.234', []],
    ['mind2web', `evil ${NASTY_READ}`, '2.500', ['failure']],
    ['rpaweb', 'final', '1.500', ['failure', 'system-out']],
    ['rpaweb', 'bad', '1.500', ['error']],
  ]);
  const failure = p.cases![1]!.children[0]!;
  expect(failure.attrs).toEqual({ message: `step 2 (click ${NASTY_READ}): target-not-found`, type: 'target-not-found' });
  expect(failure.text).toContain(
    `2 FAIL click ${NASTY_READ}  (2.000s)  [found by similarity 0.4]\n       target-not-found: nothing matched`,
  );
  expect(failure.text).toContain('3 skip close page  (0.000s)');
  expect(failure.text).toContain('1 ok   go to http://x/?a=1&b=2  (0.500s)');
  expect(p.cases![2]!.children[0]!.attrs).toEqual({
    message: 'final page (text similarity 0.5): final-state-mismatch',
    type: 'final-state-mismatch',
  });
  expect(p.cases![3]!.children[0]!.attrs).toEqual({
    message: 'invalid-input: x.jsonl:3: error: json_data: invalid JSON',
    type: 'invalid-input',
  });
  expect(p.cases![3]!.children[0]!.text).toContain('input problems:\nx.jsonl:3: error: json_data: invalid JSON');
});

test('xmlText and xmlAttr escape markup and characters XML 1.0 cannot carry', () => {
  expect(xmlText('a<b>&c]]>')).toBe('a&lt;b&gt;&amp;c]]&gt;');
  expect(xmlAttr('"x"\n\'y\'\t')).toBe('&quot;x&quot;&#10;&apos;y&apos;&#9;');
  expect(xmlText('\u0001\ud800x\udc00 😀')).toBe('\\u0001\\ud800x\\udc00 😀');
});
