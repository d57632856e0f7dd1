/**
 * `run` flags that only act on a live page. Snapshot mode renders each recorded before-state on
 * its own and drives nothing, so these would be silently ignored there; the run says so instead.
 * (`--calibrate` is refused outright: it would write an empty masks file into the dataset.)
 */
export function liveOnlyFlags(a: Record<string, unknown>): string[] {
  const given = (k: string) => {
    const v = a[k];
    return Array.isArray(v) ? v.length > 0 : v !== undefined && v !== false;
  };
  const flags = [
    'map-url',
    'param',
    'secret',
    'params',
    'start-url',
    'strict',
    'repair',
    'stop-at-first-divergence',
    'pause-on-failure',
    'offline',
    'har',
    'mask',
    'compare-config',
  ].filter(given);
  if (a.trace === 'on') flags.push('trace on');
  if (a['trace-detail'] !== undefined && a['trace-detail'] !== 'actions') flags.push(`trace-detail ${String(a['trace-detail'])}`);
  if (a.compare !== undefined && a.compare !== 'all') flags.push(`compare ${String(a.compare)}`);
  return flags.map((f) => `--${f}`);
}
