import type { EpisodeResult } from './results.js';

// Apart from results.ts so the report's page script can bundle these without the rest of it.

/** An episode whose final page nothing could check (see FinalState.verified, EpisodeResult.finalUnchecked). */
export const finalUnverified = (r: Pick<EpisodeResult, 'final' | 'finalUnchecked'>): boolean =>
  r.final?.verified === false || r.finalUnchecked !== undefined;

/** Why a result's final state went unchecked, when it did. */
export const finalUncheckedReason = (r: Pick<EpisodeResult, 'final' | 'finalUnchecked'>): string =>
  r.finalUnchecked ?? r.final?.unverifiedReason ?? 'no recorded end state';
