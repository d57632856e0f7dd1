import type { RejectedEpisode } from '../ir/rejected.js';
import { formatProblem } from '../ir/problem.js';
import type { EpisodeResult } from '../ir/results.js';

/** An episode whose input could not be decoded still gets a result, so it is never silently missing. */
export function rejectedResult(r: RejectedEpisode): EpisodeResult {
  const first = r.problems[0];
  return {
    episode: r.id,
    format: r.format,
    status: 'error',
    reason: 'invalid-input',
    message: first ? formatProblem(first) : 'the episode could not be decoded',
    source: r.source,
    durationMs: 0,
    steps: [],
    problems: r.problems.map((p) => formatProblem(p)),
  };
}
