import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { applyBaselines, type NewBaseline } from '../formats/heal.js';
import { loadDataset } from '../formats/load-dataset.js';
import { readAllResults, readSummary } from '../results/reader.js';
import { copyDataset } from './heal.js';

export interface ApproveArgs {
  out: string;
  /** The episodes the user accepts; `allPassed` accepts every passed one instead. */
  episodes: string[];
  allPassed?: boolean;
}

/**
 * `approve <out>`: the live before-states a `run --heal` kept become the recorded ones in
 * `<out>/healed/` — for the accepted episodes only, and never for a step that did not pass —
 * so later runs compare against the new baseline (BackstopJS `approve`, Playwright
 * `--update-snapshots`, episode by episode). Returns the exit code.
 */
export async function approveCommand(args: ApproveArgs, print: (line: string) => void = console.log): Promise<number> {
  const summary = readSummary(args.out);
  if (!summary) {
    print(`approve: ${join(args.out, 'summary.json')} is missing: approve reads a finished run's results folder`);
    return 2;
  }
  if (!args.allPassed && args.episodes.length === 0) {
    print('approve: name the episodes you accept with --episode ID (repeatable), or give --all-passed');
    return 2;
  }
  const { results } = await readAllResults(args.out);
  const accepted = results.filter((r) => (args.allPassed ? r.status === 'passed' : args.episodes.includes(r.episode)));
  for (const id of args.episodes.filter((e) => !results.some((r) => r.episode === e))) print(`approve: no episode "${id}" in ${args.out}`);
  const data = await loadDataset(summary.dataset);
  const healedDir = join(resolve(args.out), 'healed');
  if (!existsSync(healedDir)) copyDataset(resolve(summary.dataset), data.root, healedDir, resolve(args.out));
  const byFile = new Map<string, { format: string; baselines: NewBaseline[] }>();
  let images = 0;
  let skipped = 0;
  for (const result of accepted) {
    const episode = data.episodes.find((e) => e.id === result.episode);
    if (!episode) continue;
    for (const s of result.steps) {
      const step = episode.steps[s.index];
      if (!step || !s.baseline) continue;
      if (s.status !== 'passed') {
        skipped++;
        continue;
      }
      if (s.baseline.html && step.before?.html !== undefined) {
        const group = byFile.get(step.source.file) ?? { format: episode.format, baselines: [] };
        group.baselines.push({ source: step.source, html: readFileSync(join(args.out, s.baseline.html), 'utf8') });
        byFile.set(step.source.file, group);
      }
      if (s.baseline.screenshot && step.before?.screenshot) {
        const target = join(healedDir, relative(data.root, step.before.screenshot));
        mkdirSync(dirname(target), { recursive: true });
        copyFileSync(join(args.out, s.baseline.screenshot), target);
        images++;
      }
    }
  }
  let pages = 0;
  for (const [file, group] of byFile) {
    const path = join(healedDir, relative(data.root, file));
    const written = applyBaselines(group.format, readFileSync(path, 'utf8'), group.baselines);
    for (const r of written.refused) print(`approve: ${relative(process.cwd(), r.source.file)}:${r.source.line ?? ''}: ${r.why}`);
    if (written.applied) writeFileSync(path, written.text);
    pages += written.applied;
  }
  print(
    `approved ${accepted.length} episode(s): ${pages} before-state page(s) and ${images} screenshot(s) replaced in ${healedDir}${skipped ? `; ${skipped} step(s) that did not pass kept their recorded before-state` : ''}`,
  );
  return 0;
}
