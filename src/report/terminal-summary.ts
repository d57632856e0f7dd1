import { passedLabel, type EpisodeResult, type RunSummary } from '../ir/results.js';
import { formatFigureLines } from '../results/format-figures.js';

const MARK: Record<EpisodeResult['status'], string> = { passed: 'PASS', failed: 'FAIL', error: 'ERR ' };

/** One line per episode, then the totals and where everything is: what a person reads after a run. */
export function episodeLine(r: EpisodeResult): string {
  const ran = r.steps.filter((s) => s.status !== 'skipped').length;
  // Snapshot mode checks every step: the reason line names the first failure, not how many.
  const failed = r.steps.filter((s) => s.status === 'failed').length;
  // Drift keeps an episode passed; the line still says where, so it is not seen only in the report.
  const drifted = r.drift?.length ? `  drifted: step${r.drift.length > 1 ? 's' : ''} ${r.drift.map((i) => i + 1).join(', ')}` : '';
  const head = `${MARK[r.status]} ${r.episode}  ${ran}/${r.steps.length} steps${failed > 1 ? `, ${failed} failed` : ''}  ${(r.durationMs / 1000).toFixed(1)}s${drifted}`;
  // A pass says what it could not check: the final state, steps whose effect was not verified.
  const label = r.status === 'passed' ? passedLabel(r) : 'passed';
  if (label !== 'passed') return `${head}  ${label}`;
  return r.status === 'passed' ? head : `${head}\n     ${r.reason ?? 'error'}: ${r.message ?? ''}`;
}

export function summaryLines(s: RunSummary, resultsFile: string): string[] {
  const e = s.episodes;
  const caveats = [
    e.passedUnverified ? `${e.passedUnverified} final state not verifiable` : '',
    e.passedWithUnverifiedSteps ? `${e.passedWithUnverifiedSteps} with unverified steps` : '',
  ].filter(Boolean);
  return [
    `${e.total} episodes: ${e.passed} passed${caveats.length ? ` (${caveats.join(', ')})` : ''}, ${e.failed} failed, ${e.error} errors  (${s.steps.total} steps, ${(s.durationMs / 1000).toFixed(1)}s)`,
    ...(Object.keys(s.resolvedBy).some((k) => k !== 'recorded')
      ? [
          `targets found by: ${Object.entries(s.resolvedBy)
            .map(([k, n]) => `${k} ${n}`)
            .join(', ')}`,
        ]
      : []),
    ...formatFigureLines(s.formats),
    ...(s.problems.length ? [`${s.problems.length} input problems (see \`replaywright validate\`)`] : []),
    `results: ${resultsFile}`,
    `summary: ${s.out}/summary.json`,
  ];
}
