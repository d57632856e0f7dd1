/** `--map-url FROM=TO`: a recorded URL starting with FROM is replayed with TO instead. */
export interface UrlMapping {
  from: string;
  to: string;
}

export function parseUrlMapping(spec: string): UrlMapping {
  const eq = spec.indexOf('=');
  if (eq <= 0 || eq === spec.length - 1) throw new Error(`--map-url expects FROM=TO, got "${spec}"`);
  return { from: spec.slice(0, eq), to: spec.slice(eq + 1) };
}

/** The longest matching prefix wins, so a specific mapping can refine a general one. */
export function mapUrl(url: string, mappings: readonly UrlMapping[]): string {
  let best: UrlMapping | undefined;
  for (const m of mappings) {
    if (url.startsWith(m.from) && (!best || m.from.length > best.from.length)) best = m;
  }
  return best ? best.to + url.slice(best.from.length) : url;
}
