import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { loadDataset } from '../formats/load-dataset.js';
import type { Episode, Step } from '../ir/index.js';
import { escapeHtml } from '../escape-html.js';

/** One step whose locator or before-state differs between the two datasets. */
interface StepDiff {
  episode: string;
  step: number;
  locator?: { old: string; new: string };
  image?: { old: string; new: string };
}

/**
 * `diff <dataset> <healed>`: per step, the old and new locator, and (after `approve`) the old
 * and new before-state screenshots — in the terminal, and side by side in `--html FILE`.
 */
export async function diffCommand(
  args: { dataset: string; healed: string; html?: string },
  print: (line: string) => void = console.log,
): Promise<number> {
  const [before, after] = await Promise.all([loadDataset(args.dataset), loadDataset(args.healed)]);
  const diffs: StepDiff[] = [];
  for (const old of before.episodes) {
    const now = after.episodes.find((e) => e.id === old.id);
    if (!now) {
      print(`${old.id}: not in ${args.healed}`);
      continue;
    }
    old.steps.forEach((s, i) => {
      const d = stepDiff(old, s, now.steps[i]);
      if (d) diffs.push(d);
    });
  }
  for (const d of diffs) {
    if (d.locator) print(`${d.episode}  step ${d.step + 1}: ${d.locator.old}  →  ${d.locator.new}`);
    if (d.image) print(`${d.episode}  step ${d.step + 1}: before-state screenshot replaced`);
  }
  print(`${diffs.filter((d) => d.locator).length} locator(s) and ${diffs.filter((d) => d.image).length} before-state(s) differ`);
  if (args.html) writeFileSync(args.html, diffPage(diffs, dirname(resolve(args.html))));
  return 0;
}

function stepDiff(episode: Episode, old: Step, now: Step | undefined): StepDiff | undefined {
  if (!now) return undefined;
  const d: StepDiff = { episode: episode.id, step: old.index };
  const [a, b] = [selectorOf(old), selectorOf(now)];
  if (a !== b) d.locator = { old: a ?? '(none)', new: b ?? '(none)' };
  const [pa, pb] = [old.before?.screenshot, now.before?.screenshot];
  if (pa && pb && existsSync(pa) && existsSync(pb) && !readFileSync(pa).equals(readFileSync(pb))) d.image = { old: pa, new: pb };
  return d.locator || d.image ? d : undefined;
}

const selectorOf = (step: Step): string | undefined => {
  const target = 'target' in step.action ? step.action.target : undefined;
  const first = target?.locate[0];
  if (!first) return undefined;
  return first.kind === 'selector' ? first.selector : JSON.stringify(first);
};

function diffPage(diffs: StepDiff[], from: string): string {
  const img = (p: string) => `<img src="${escapeHtml(relative(from, p).split('\\').join('/'))}" alt="">`;
  const rows = diffs.map(
    (d) => `<tr><td>${escapeHtml(d.episode)}</td><td>${d.step + 1}</td>
<td>${d.locator ? `<code>${escapeHtml(d.locator.old)}</code><br>→ <code>${escapeHtml(d.locator.new)}</code>` : ''}</td>
<td>${d.image ? `${img(d.image.old)}</td><td>${img(d.image.new)}` : '</td><td>'}</td></tr>`,
  );
  return `<!doctype html><meta charset="utf-8"><title>replaywright diff</title>
<style>body{font:14px system-ui;margin:1em}td{vertical-align:top;border-top:1px solid #ddd;padding:4px}img{max-width:420px;border:1px solid #ccc}</style>
<table><tr><th>episode</th><th>step</th><th>locator</th><th>recorded before-state</th><th>approved before-state</th></tr>
${rows.join('\n')}</table>\n`;
}
