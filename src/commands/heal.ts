import { cpSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { applyRepairs, type Repair } from '../formats/heal.js';
import { loadDataset, type FormatChoice } from '../formats/load-dataset.js';
import type { Episode } from '../ir/index.js';
import type { EpisodeResult, StepResult } from '../ir/results.js';
import { readAllResults } from '../results/reader.js';

export interface HealArgs {
  dataset: string;
  out: string;
  format?: FormatChoice;
  decode?: Record<string, unknown>;
}

/** A step of the run that a fallback found, and what became of it. */
interface Entry {
  episode: string;
  step: number;
  description: string;
  healed?: string;
  left?: string;
}

/**
 * `run --heal`: `<out>/healed/` holds the dataset again (same relative paths, byte-identical
 * where nothing changed) with every confident repair written in the format's own terms, and
 * HEALING.md lists each repair and each step left as recorded, with why. Confident means: the
 * step and its episode passed, the fallback's match was unique, and a locator finds that very
 * element alone on the live page. Returns lines for the terminal.
 */
export async function writeHealed(args: HealArgs): Promise<string[]> {
  const { results } = await readAllResults(args.out);
  const data = await loadDataset(args.dataset, { format: args.format, decode: args.decode });
  const healedDir = join(resolve(args.out), 'healed');
  copyDataset(resolve(args.dataset), data.root, healedDir, resolve(args.out));
  const byId = new Map(data.episodes.map((e) => [e.id, e]));
  const entries: Entry[] = [];
  const byFile = new Map<string, { format: string; repairs: Repair[]; entries: Map<Repair, Entry> }>();
  for (const result of results) {
    const episode = byId.get(result.episode);
    for (const s of result.steps) {
      const entry = judge(result, s, episode);
      if (!entry) continue;
      entries.push(entry);
      const step = episode?.steps[s.index];
      if (entry.healed === undefined || !step || !s.healed || 'none' in s.healed) continue;
      const repair: Repair = { source: step.source, healed: s.healed };
      const group = byFile.get(step.source.file) ?? { format: episode!.format, repairs: [] as Repair[], entries: new Map<Repair, Entry>() };
      group.repairs.push(repair);
      group.entries.set(repair, entry);
      byFile.set(step.source.file, group);
    }
  }
  for (const [file, group] of byFile) {
    const written = applyRepairs(group.format, readFileSync(file, 'utf8'), group.repairs);
    for (const { repair, why } of written.refused) {
      const entry = group.entries.get(repair)!;
      entry.left = why;
      entry.healed = undefined;
    }
    if (written.applied.length) writeFileSync(join(healedDir, relative(data.root, file)), written.text);
  }
  writeFileSync(join(healedDir, 'HEALING.md'), healingReport(args.dataset, entries));
  const healed = entries.filter((e) => e.healed !== undefined).length;
  return [
    `healed:  ${healed} step${healed === 1 ? '' : 's'} rewritten, ${entries.length - healed} left as recorded (${join(healedDir, 'HEALING.md')})`,
  ];
}

/** Whether a step was found by a fallback, and if so whether its repair can be written. */
function judge(result: EpisodeResult, s: StepResult, episode: Episode | undefined): Entry | undefined {
  const fallback = s.resolvedBy !== undefined && s.resolvedBy !== 'recorded';
  const ambiguous = s.reason === 'ambiguous-target';
  if (!fallback && !ambiguous) return undefined;
  const entry: Entry = { episode: result.episode, step: s.index, description: s.description };
  if (ambiguous) entry.left = 'ambiguous: several elements match the recorded target equally well';
  else if (!episode) entry.left = 'the episode is not in the dataset any more';
  else if (s.status !== 'passed') entry.left = `the step did not pass (${s.reason ?? s.status})`;
  else if (result.status !== 'passed') entry.left = `the episode did not pass (${result.reason ?? result.status})`;
  else if (!s.healed) entry.left = 'the run was not made with --heal';
  else if ('none' in s.healed) entry.left = s.healed.none;
  else entry.healed = s.healed.description;
  return entry;
}

function healingReport(dataset: string, entries: Entry[]): string {
  const healed = entries.filter((e) => e.healed !== undefined);
  const left = entries.filter((e) => e.healed === undefined);
  const reasons = new Map<string, number>();
  for (const e of left) reasons.set(e.left!, (reasons.get(e.left!) ?? 0) + 1);
  const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/[\r\n]+/g, ' ');
  return [
    `# Healing of ${cell(dataset)}`,
    '',
    `${healed.length} step(s) rewritten, ${left.length} left as recorded.`,
    '',
    '## Rewritten',
    '',
    ...(healed.length
      ? [
          '| episode | step | recorded | now |',
          '|---|---|---|---|',
          ...healed.map((e) => `| ${cell(e.episode)} | ${e.step + 1} | ${cell(e.description)} | \`${cell(e.healed!)}\` |`),
        ]
      : ['none']),
    '',
    '## Left as recorded',
    '',
    ...(left.length
      ? [
          '| episode | step | recorded | why |',
          '|---|---|---|---|',
          ...left.map((e) => `| ${cell(e.episode)} | ${e.step + 1} | ${cell(e.description)} | ${cell(e.left!)} |`),
        ]
      : ['none']),
    '',
    ...(reasons.size ? ['### By reason', '', ...[...reasons].map(([why, n]) => `- ${n} × ${cell(why)}`), ''] : []),
  ].join('\n');
}

/** The dataset as it is (the results folder left out, if it lies inside), for repairs to be written into. */
export function copyDataset(dataset: string, root: string, healedDir: string, out: string): void {
  mkdirSync(healedDir, { recursive: true });
  if (statSync(dataset).isFile()) {
    cpSync(dataset, join(healedDir, relative(root, dataset)));
    return;
  }
  cpSync(root, healedDir, { recursive: true, filter: (src) => src !== out && !src.startsWith(out + sep) });
}
