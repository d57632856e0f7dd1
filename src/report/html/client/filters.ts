import type { ListEntry } from '../types.js';

/** The list's filters, kept in the URL hash (`#/?status=failed&page=2`) so views can be linked to. */
export type Filters = { status: string; format: string; reason: string; q: string; fail: string; div: string; page: number };

export function parseFilters(query: string): Filters {
  const q = new URLSearchParams(query);
  return {
    status: q.get('status') ?? '',
    format: q.get('format') ?? '',
    reason: q.get('reason') ?? '',
    q: q.get('q') ?? '',
    fail: q.get('fail') ?? '',
    div: q.get('div') ?? '',
    page: Math.max(1, Number(q.get('page')) || 1),
  };
}

export function filtersHash(f: Filters): string {
  const q = new URLSearchParams();
  for (const k of ['status', 'format', 'reason', 'q', 'fail', 'div'] as const) if (f[k]) q.set(k, f[k]);
  if (f.page > 1) q.set('page', String(f.page));
  const s = q.toString();
  return s ? `#/?${s}` : '#/';
}

export function matches(e: ListEntry, f: Filters, ignore?: keyof Filters): boolean {
  if (ignore !== 'status' && f.status && e.status !== f.status) return false;
  if (ignore !== 'format' && f.format && e.format !== f.format) return false;
  if (ignore !== 'reason' && f.reason && e.reason !== f.reason) return false;
  if (f.fail && String(e.failedStep) !== f.fail) return false;
  if (f.div && String(e.firstDivergence) !== f.div) return false;
  if (f.q) {
    const needle = f.q.toLowerCase();
    const hay = `${e.id}\n${e.instruction ?? ''}\n${e.message ?? ''}\n${e.failedWhat ?? ''}`.toLowerCase();
    if (!hay.includes(needle)) return false;
  }
  return true;
}
