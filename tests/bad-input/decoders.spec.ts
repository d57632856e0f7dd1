import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { loadDataset } from '../../src/formats/load-dataset.js';
import { formatProblem, type Problem } from '../../src/ir/problem.js';
import { cli } from '../scale/support.js';
import { corpus, type BadCase } from './corpus.js';
import { STACK_LINE, writeCase } from './support.js';

// Every decoder against every way its input goes wrong: never a throw, always a problem pinned
// to file, line/record and field, and the good episode beside the bad one still decodes.
test.setTimeout(180_000);

const cases = corpus();
const FORMATS = ['rpaweb', 'mind2web', 'mt-mind2web', 'babyagi', 'visualwebarena', 'devtools-recorder'] as const;

/** The problem the case is about: in its file, at a line or record, on the field it names. */
function pinned(c: BadCase, file: string, problems: Problem[]): Problem | undefined {
  // Record decoders pin the record (`[1].trajectory[0]`) and the field inside it (`image_id`).
  const at = (p: Problem) => [p.record, p.field].filter(Boolean).join('.');
  return problems.find(
    (p) =>
      p.file === file &&
      (p.line !== undefined || p.record !== undefined || c.fileLevel === true) &&
      (c.field === undefined || (typeof c.field === 'string' ? p.field === c.field : c.field.test(at(p)))) &&
      (c.severity === undefined || p.severity === c.severity),
  );
}

for (const c of cases) {
  test(`${c.format}: ${c.name}`, async () => {
    const root = writeCase(test.info().outputPath('dataset'), c.files);
    const file = join(root, c.file);
    const data = c.forced ? await loadDataset(file, { format: c.format }) : await loadDataset(root);
    const lines = data.problems.map((p) => formatProblem(p, root));
    const decoded = data.episodes.map((e) => e.id);
    for (const id of c.forced ? [] : c.good) expect(decoded, lines.join('\n')).toContain(id);
    for (const id of c.rejected ?? [])
      expect(
        data.rejected.map((r) => r.id),
        lines.join('\n'),
      ).toContain(id);
    for (const id of c.unreplayable ?? [])
      expect(
        data.episodes.find((e) => e.id === id)?.steps.some((s) => s.unreplayable),
        id,
      ).toBe(true);
    if (!c.readable) {
      expect(data.recordsRead).toBe(0);
      expect(
        data.problems.some((p) => p.file === file || p.file === root),
        lines.join('\n'),
      ).toBe(true);
      return;
    }
    expect(data.recordsRead).toBeGreaterThan(0);
    // An extra field or a huge but valid line is fine to say nothing about; every other case must be reported.
    if (c.quiet) return;
    const p = pinned(c, file, data.problems);
    expect(p, `no problem pinned to ${c.file} at a line/record${c.field ? ` on ${c.field}` : ''}:\n${lines.join('\n')}`).toBeDefined();
    // Pinned to a line or a record (`file:12:` or `file:…[3]`), or for a file-level problem to the file alone.
    const name = c.file.replace(/\./g, '\\.');
    expect(formatProblem(p!, root)).toMatch(c.fileLevel ? new RegExp(`^${name}: `) : new RegExp(`^${name}:\\d+|^${name}:.*\\[`));
  });
}

// The CLI on each decoder's whole corpus (minus the 50 MB files): messages, never a stack
// trace; exit 1 (something could be read), and 2 only when nothing could.
for (const format of FORMATS) {
  test(`CLI validate and run over the ${format} corpus: no stack trace, exit 1`, async () => {
    const mine = cases.filter((c) => c.format === format && !Object.values(c.files).some((f) => typeof f === 'function'));
    const root = test.info().outputPath('corpus');
    mine.forEach((c, i) => writeCase(join(root, `case-${i}`), c.files));
    const v = await cli('validate', root);
    expect(v.stdout + v.stderr).not.toMatch(STACK_LINE);
    expect(v.code, v.stderr).toBe(1);
    for (const [i, c] of mine.entries()) {
      if (!c.readable || c.quiet || c.forced) continue;
      expect(v.stdout, c.name).toContain(`case-${i}/${c.file}:`);
    }
    const unreadable = mine.filter((c) => !c.readable);
    for (const c of unreadable) {
      const dir = writeCase(test.info().outputPath(`unreadable-${c.name.replace(/\W+/g, '-')}`), c.files);
      const r = await cli('run', dir, '--out', test.info().outputPath('out-unreadable'));
      expect(r.stdout + r.stderr).not.toMatch(STACK_LINE);
      expect(r.code, r.stderr).toBe(2);
    }
  });
}

// The > 50 MB cases through the CLI too (one JSONL line, one JSON record): decoded, no trace.
test('CLI validate on > 50 MB lines and records: decoded, no stack trace', async () => {
  const huge = cases.filter(
    (c) => Object.values(c.files).some((f) => typeof f === 'function') && (c.format === 'rpaweb' || c.format === 'mind2web'),
  );
  expect(huge.length).toBeGreaterThanOrEqual(3);
  for (const c of huge) {
    const root = writeCase(test.info().outputPath(c.name.replace(/\W+/g, '-')), c.files);
    const v = await cli('validate', root);
    expect(v.stdout + v.stderr, c.name).not.toMatch(STACK_LINE);
    expect(v.code, `${c.name}: ${v.stdout}${v.stderr}`).toBeLessThan(2);
    expect(v.stdout, c.name).toMatch(new RegExp(`: ${c.good.length} episodes \\(`));
  }
});
