import { openDataset, type FormatChoice } from '../formats/load-dataset.js';
import type { RejectedEpisode } from '../formats/format.js';
import { formatProblem } from '../ir/problem.js';
import { describeAction, type Episode } from '../ir/index.js';
import { terminalSafe } from '../terminal-safe.js';

/** Episodes, their steps and decoded actions, as words (or as IR JSON with `--json`); streamed. */
export async function inspectCommand(
  args: { dataset: string; format: FormatChoice; episodes: string[]; json: boolean; decode?: Record<string, unknown> },
  printRaw: (line: string) => void = console.log,
): Promise<number> {
  // Ids, instructions and problems come from the dataset: shown, never obeyed by the terminal.
  const print = (line: string) => printRaw(terminalSafe(line));
  const data = await openDataset(args.dataset, { format: args.format, decode: args.decode });
  const wanted = new Set(args.episodes);
  const rejected: RejectedEpisode[] = [];
  const decoded = new Set<string>();
  for await (const item of data.items()) {
    if (item.kind === 'rejected') rejected.push(item.rejected);
    else {
      decoded.add(item.episode.id);
      if (wanted.size === 0 || wanted.has(item.episode.id)) printEpisode(item.episode, args.json, print);
    }
  }
  if (args.json) return data.recordsRead === 0 ? 2 : 0;
  for (const r of rejected) print(`${r.id}  REJECTED: ${r.problems.map((p) => formatProblem(p)).join('; ')}`);
  for (const r of rejected) decoded.add(r.id);
  // Problems of no episode, and of an episode that decoded into nothing (a flow with no steps):
  // without them such a file would print nothing at all.
  for (const p of data.problems.filter((p) => !p.episode || (!decoded.has(p.episode) && (wanted.size === 0 || wanted.has(p.episode)))))
    print(formatProblem(p));
  return data.recordsRead === 0 ? 2 : 0;
}

function printEpisode(e: Episode, json: boolean, print: (line: string) => void): void {
  if (json) {
    print(JSON.stringify(e));
    return;
  }
  print(`${e.id}  [${e.format}]  ${e.steps.length} steps${e.instruction ? `  — ${e.instruction}` : ''}`);
  for (const s of e.steps) {
    const signals = s.expect.map((x) => x.kind).join(', ');
    const input = s.needsInput ? `  (needs --param ${s.needsInput.param})` : '';
    const what = s.unreplayable ? `NOT REPLAYABLE: ${s.unreplayable}` : describeAction(s.action);
    print(`  ${String(s.index + 1).padStart(3)}. [${s.page}] ${what}${signals ? `  → ${signals}` : ''}${input}`);
  }
}
