import { loadDataset, type FormatChoice } from '../formats/load-dataset.js';
import { formatProblem } from '../formats/problem.js';
import { describeAction } from '../ir/index.js';

/** Episodes, their steps and decoded actions, as words (or as IR JSON with `--json`). */
export async function inspectCommand(args: { dataset: string; format: FormatChoice; episodes: string[]; json: boolean }, print: (line: string) => void = console.log): Promise<number> {
  const data = await loadDataset(args.dataset, { format: args.format });
  const wanted = new Set(args.episodes);
  const episodes = wanted.size ? data.episodes.filter((e) => wanted.has(e.id)) : data.episodes;
  if (args.json) {
    for (const e of episodes) print(JSON.stringify(e));
    return data.recordsRead === 0 ? 2 : 0;
  }
  for (const e of episodes) {
    print(`${e.id}  [${e.format}]  ${e.steps.length} steps${e.instruction ? `  — ${e.instruction}` : ''}`);
    for (const s of e.steps) {
      const signals = s.expect.map((x) => x.kind).join(', ');
      const input = s.needsInput ? `  (needs --param ${s.needsInput.param})` : '';
      const what = s.unreplayable ? `NOT REPLAYABLE: ${s.unreplayable}` : describeAction(s.action);
      print(`  ${String(s.index + 1).padStart(3)}. [${s.page}] ${what}${signals ? `  → ${signals}` : ''}${input}`);
    }
  }
  for (const r of data.rejected) print(`${r.id}  REJECTED: ${r.problems.map((p) => formatProblem(p)).join('; ')}`);
  for (const p of data.problems.filter((p) => !p.episode)) print(formatProblem(p));
  return data.recordsRead === 0 ? 2 : 0;
}
