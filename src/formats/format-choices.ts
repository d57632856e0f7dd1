import type { FormatName } from '../ir/episode.js';

/**
 * The names `--format` accepts, in the order formats are tried. Kept apart from the format
 * registry (formats/index.ts) so the CLI can list them without loading any decoder;
 * tests/formats/format-choices.spec.ts checks the two agree.
 */
export const FORMAT_NAMES = [
  'rpaweb',
  'mind2web',
  'mt-mind2web',
  'babyagi',
  'visualwebarena',
  'devtools-recorder',
] as const satisfies readonly FormatName[];

export const FORMAT_CHOICES = ['auto', ...FORMAT_NAMES] as const;
export type FormatChoice = 'auto' | FormatName;
