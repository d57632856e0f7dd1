import type { Episode } from '../ir/index.js';
import type { FinalState } from '../ir/results.js';

/**
 * Whether the final page could be checked against the state the recording ended in, and if
 * not, why — so a `passed` that nothing behind the last step vouches for says so. Plain
 * codegen files and the 1.65 recorder (which drops the trailing `closePage`) keep no end state.
 */
export function finalVerification(
  episode: Episode,
  finalFrom: number | undefined,
  recordedFinal: string | undefined,
): Pick<FinalState, 'verified' | 'unverifiedReason'> {
  if (recordedFinal !== undefined) return { verified: true };
  const hasAnyState = episode.steps.some(
    (s) => s.before?.html !== undefined || s.before?.htmlFile !== undefined || s.before?.screenshot !== undefined,
  );
  // The example names what the user has in hand: a DevTools flow or a VWA trajectory is no codegen file.
  const none = `the recording keeps no page states at all (${episode.describedAs ?? `a ${episode.format} episode`} without recorded HTML or screenshots)`;
  if (finalFrom === undefined) {
    return {
      verified: false,
      unverifiedReason: hasAnyState
        ? 'the recording does not end with closePage, so it keeps no state after its last action (e.g. the 1.65 recorder)'
        : none,
    };
  }
  return { verified: false, unverifiedReason: hasAnyState ? 'the trailing closePage has no recorded page state' : none };
}
