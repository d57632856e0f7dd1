/**
 * What each numeric option accepts. yargs turns `--timeout abc` into NaN and takes `-5` as
 * given; unchecked, every step then failed "within NaN ms". Each rule names its option and
 * what it expects, for a usage error (exit 2) before anything runs.
 */
interface NumberRule {
  /** Whole numbers only. */
  integer?: boolean;
  min: number;
  /** `min` itself is not accepted. */
  minExclusive?: boolean;
  max?: number;
  unit?: string;
}

export const RUN_NUMBER_RULES: Record<string, NumberRule> = {
  timeout: { min: 0, minExclusive: true, unit: 'ms' },
  'min-score': { min: 0, max: 1, unit: 'similarity' },
  'final-text-min': { min: 0, max: 1, unit: 'similarity' },
  'slow-mo': { min: 0, unit: 'ms' },
  workers: { integer: true, min: 1 },
  'calibrate-interval': { min: 0, minExclusive: true, unit: 'ms' },
  'from-step': { integer: true, min: 1, unit: 'step number' },
  'to-step': { integer: true, min: 1, unit: 'step number' },
  'episode-timeout': { min: 0, unit: 'ms' },
  'max-artifact-bytes': { integer: true, min: 0, unit: 'bytes' },
};

export const DEMO_NUMBER_RULES: Record<string, NumberRule> = { timeout: RUN_NUMBER_RULES.timeout! };

/** The first numeric option in `argv` that breaks its rule, as a message naming it; undefined when all hold. */
export function numericOptionProblem(argv: Record<string, unknown>, rules: Record<string, NumberRule>): string | undefined {
  for (const [name, rule] of Object.entries(rules)) {
    const raw = argv[name];
    if (raw === undefined) continue;
    // Given twice, yargs keeps both; a number option means one value.
    if (Array.isArray(raw)) return `--${name} was given ${raw.length} times; give it once`;
    const v = raw as number;
    const bounds = `${rule.minExclusive ? '>' : '>='} ${rule.min}${rule.max !== undefined ? ` and <= ${rule.max}` : ''}`;
    const ok =
      typeof v === 'number' &&
      Number.isFinite(v) &&
      (rule.minExclusive ? v > rule.min : v >= rule.min) &&
      (rule.max === undefined || v <= rule.max) &&
      (!rule.integer || Number.isInteger(v));
    if (!ok)
      return `--${name} expects ${rule.integer ? 'a whole number' : 'a number'} ${rule.unit ? `(${rule.unit}) ` : ''}${bounds}, got ${Number.isNaN(v) ? 'something that is not a number' : String(v)}`;
  }
  return undefined;
}
