import { writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import {
  finalUncheckedReason,
  passedUnverified,
  unverifiedSteps,
  type EpisodeResult,
  type RunSummary,
  type StepResult,
} from '../ir/results.js';

/** Terminal colour codes that Playwright errors carry; they mean nothing in a CI test report. */
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]/g;
/**
 * Characters XML 1.0 does not allow at all, even escaped: C0 controls other than tab, LF and CR,
 * U+FFFE/U+FFFF and unpaired surrogates. They are written as visible `\uXXXX` text instead.
 */
const NOT_XML =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function clean(text: string): string {
  return text.replace(ANSI, '').replace(NOT_XML, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Text content: `&`, `<`, `>` escaped (`>` too, so `]]>` can never appear). */
export function xmlText(text: string): string {
  return clean(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An attribute value (double-quoted): also quotes, and tab/newlines as references so they survive attribute normalisation. */
export function xmlAttr(value: string | number): string {
  return xmlText(String(value))
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

const seconds = (ms: number | undefined) => ((ms ?? 0) / 1000).toFixed(3);

const MARK: Record<StepResult['status'], string> = { passed: 'ok  ', failed: 'FAIL', skipped: 'skip', 'needs-input': 'INPT' };

/** The steps as a readable list, the way a person scans a failure in CI. */
function stepList(r: EpisodeResult): string {
  const width = String(r.steps.length).length;
  return r.steps
    .map((s) => {
      const n = String(s.index + 1).padStart(width);
      const found =
        s.resolvedBy && s.resolvedBy !== 'recorded' ? `  [found by ${s.resolvedBy}${s.score !== undefined ? ` ${s.score}` : ''}]` : '';
      const head = `${n} ${MARK[s.status] ?? s.status} ${s.description}  (${seconds(s.durationMs)}s)${found}`;
      const why =
        s.status !== 'passed' && s.status !== 'skipped'
          ? `\n${' '.repeat(width + 6)}${s.reason ?? ''}${s.message ? `: ${s.message}` : ''}`
          : '';
      return head + why;
    })
    .join('\n');
}

function details(r: EpisodeResult): string {
  const lines: string[] = [];
  if (r.message) lines.push(r.message, '');
  if (r.instruction) lines.push(`instruction: ${r.instruction}`);
  if (r.source?.file) lines.push(`source: ${r.source.file}${r.source.line ? `:${r.source.line}` : ''}`);
  if (r.steps.length) lines.push('', 'steps:', stepList(r));
  if (r.problems?.length) lines.push('', 'input problems:', ...r.problems);
  return lines.join('\n');
}

/** What a failed episode's `<failure message>` says: `step N (description): reason`. */
function failureMessage(r: EpisodeResult): string {
  const reason = r.reason ?? 'failed';
  const step = r.failedStep !== undefined ? r.steps.find((s) => s.index === r.failedStep) : undefined;
  if (step) return `step ${step.index + 1} (${step.description}): ${reason}`;
  if (r.failedStep !== undefined) return `step ${r.failedStep + 1}: ${reason}`;
  if (reason === 'final-state-mismatch' && r.final?.textSimilarity !== undefined)
    return `final page (text similarity ${r.final.textSimilarity}): ${reason}`;
  return r.message ? `${reason}: ${r.message}` : reason;
}

/** Where the evidence is: printed in <system-out> so CI shows it next to the test. */
function artefacts(r: EpisodeResult): string {
  const lines: string[] = [];
  if (passedUnverified(r)) lines.push(`passed (final state not verifiable): ${finalUncheckedReason(r)}`);
  const unchecked = r.status === 'passed' ? unverifiedSteps(r) : [];
  if (unchecked.length)
    lines.push(
      `passed (${unchecked.length} step${unchecked.length === 1 ? '' : 's'} unverified): ${unchecked.map((s) => `step ${s.index + 1} (${s.description}): ${s.effect!.detail}`).join('; ')}`,
    );
  if (r.final?.url) lines.push(`final url: ${r.final.url}`);
  if (r.final?.screenshot) lines.push(`final screenshot: ${r.final.screenshot}`);
  if (r.final?.html) lines.push(`final html: ${r.final.html}`);
  if (r.trace) lines.push(`trace: ${r.trace}  (npx playwright show-trace ${r.trace})`);
  if (r.firstDivergence !== undefined) lines.push(`first divergence from the recording: step ${r.firstDivergence + 1}`);
  if (r.drift?.length) lines.push(`drifted steps: ${r.drift.map((i) => i + 1).join(', ')}`);
  return lines.join('\n');
}

/**
 * JUnit XML for CI: one `<testsuite name="replaywright">` (inside `<testsuites>`), one
 * `<testcase classname="<format>" name="<episode>">` per episode, `<failure>` for a failed
 * episode (message `step N (description): reason`, type = reason, the step list in the body),
 * `<error>` for one that could not be replayed at all. Everything is XML-escaped, and characters
 * XML 1.0 cannot carry are written as `\uXXXX`.
 */
export function junitXml(results: EpisodeResult[], summary?: Partial<RunSummary>): string {
  const failures = results.filter((r) => r.status === 'failed').length;
  const errors = results.filter((r) => r.status === 'error').length;
  const time = seconds(summary?.durationMs ?? results.reduce((t, r) => t + (r.durationMs ?? 0), 0));
  const suiteAttrs = [
    `name="replaywright"`,
    `tests="${results.length}"`,
    `failures="${failures}"`,
    `errors="${errors}"`,
    `skipped="0"`,
    `time="${time}"`,
  ];
  if (summary?.startedAt) suiteAttrs.push(`timestamp="${xmlAttr(summary.startedAt.replace(/\.\d+Z$|Z$/, ''))}"`);
  suiteAttrs.push(`hostname="${xmlAttr(hostname())}"`);

  const props: [string, string | undefined][] = [
    ['dataset', summary?.dataset],
    ['browser', summary?.browser ? `${summary.browser.version} (${summary.browser.executablePath})` : undefined],
    ['exitCode', summary?.exitCode !== undefined ? String(summary.exitCode) : undefined],
  ];
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  out.push(
    `<testsuites name="replaywright" tests="${results.length}" failures="${failures}" errors="${errors}" skipped="0" time="${time}">`,
  );
  out.push(`  <testsuite ${suiteAttrs.join(' ')}>`);
  const given = props.filter((p): p is [string, string] => p[1] !== undefined);
  if (given.length) {
    out.push('    <properties>');
    for (const [name, value] of given) out.push(`      <property name="${xmlAttr(name)}" value="${xmlAttr(value)}"/>`);
    out.push('    </properties>');
  }
  for (const r of results) {
    const head = `    <testcase classname="${xmlAttr(String(r.format))}" name="${xmlAttr(r.episode)}" time="${seconds(r.durationMs)}"${r.source?.file ? ` file="${xmlAttr(r.source.file)}"` : ''}`;
    const body: string[] = [];
    if (r.status === 'failed') {
      body.push(
        `      <failure message="${xmlAttr(failureMessage(r))}" type="${xmlAttr(r.reason ?? 'failed')}">${xmlText(details(r))}</failure>`,
      );
    } else if (r.status === 'error') {
      body.push(
        `      <error message="${xmlAttr(`${r.reason ?? 'error'}: ${r.message ?? 'the episode could not be replayed'}`)}" type="${xmlAttr(r.reason ?? 'error')}">${xmlText(details(r))}</error>`,
      );
    }
    const sysout = artefacts(r);
    if (sysout) body.push(`      <system-out>${xmlText(sysout)}</system-out>`);
    out.push(body.length ? `${head}>\n${body.join('\n')}\n    </testcase>` : `${head}/>`);
  }
  out.push('  </testsuite>');
  out.push('</testsuites>');
  return out.join('\n') + '\n';
}

/** Writes `<out>/junit.xml` and returns its path. */
export function writeJunit(out: string, results: EpisodeResult[], summary?: Partial<RunSummary>): string {
  const file = join(out, 'junit.xml');
  writeFileSync(file, junitXml(results, summary));
  return file;
}
