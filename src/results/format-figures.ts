import type { EpisodeResult, FormatFigures } from '../ir/results.js';

export type { FormatFigures } from '../ir/results.js';

/** Running per-format totals over episode results (what `Tally` folds into summary.json). */
export class FormatTally {
  private readonly byFormat = new Map<
    string,
    { episodes: number; checked: number; found: number; onPositive: number; positives: boolean; targeted: boolean }
  >();

  add(result: EpisodeResult): void {
    const key = result.format ?? 'unknown';
    const f = this.byFormat.get(key) ?? { episodes: 0, checked: 0, found: 0, onPositive: 0, positives: false, targeted: false };
    f.episodes += 1;
    const t = result.targets;
    if (t) {
      f.targeted = true;
      f.checked += t.checked;
      f.found += t.found;
      if (t.onPositive !== undefined) {
        f.positives = true;
        f.onPositive += t.onPositive;
      }
    }
    this.byFormat.set(key, f);
  }

  /** Per format, in the order formats were first seen; undefined when no result was added. */
  figures(): Record<string, FormatFigures> | undefined {
    if (this.byFormat.size === 0) return undefined;
    const out: Record<string, FormatFigures> = {};
    for (const [format, f] of this.byFormat) {
      out[format] = {
        episodes: f.episodes,
        ...(f.targeted
          ? {
              targets: {
                checked: f.checked,
                found: f.found,
                ...(f.positives ? { onPositive: f.onPositive } : {}),
                foundRate: ratio(f.found, f.checked),
                ...(f.positives ? { elementAccuracy: ratio(f.onPositive, f.checked) } : {}),
              },
            }
          : {}),
      };
    }
    return out;
  }
}

/** 0–1 with 4 decimals; 0 of 0 is 0 (nothing checked is no evidence of anything found). */
function ratio(n: number, of: number): number {
  return of > 0 ? Math.round((n / of) * 10_000) / 10_000 : 0;
}

/** Terminal lines for formats whose targets were checked (snapshot runs). */
export function formatFigureLines(figures: Record<string, FormatFigures> | undefined): string[] {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  return Object.entries(figures ?? {}).flatMap(([format, f]) => {
    const t = f.targets;
    if (!t || t.checked === 0) return [];
    const accuracy =
      t.elementAccuracy !== undefined
        ? `, on a positive candidate ${t.onPositive}/${t.checked} (element accuracy ${pct(t.elementAccuracy)})`
        : '';
    return [`${format}: targets found ${t.found}/${t.checked} (${pct(t.foundRate)})${accuracy}`];
  });
}
