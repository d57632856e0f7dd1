import type { ReportIndex } from '../types.js';
import { append, clear, h, type Child } from './dom.js';
import { filtersHash, matches, parseFilters, type Filters } from './filters.js';
import { dur } from './text.js';
import type { ReportView } from './view.js';
import { badge, STATUS_LABEL } from './widgets.js';

// The list view (`#/?filters`): the run's summary cards and histograms, then the filterable,
// paged episode table.

const PAGE_SIZE = 50;

function barList(title: string, rows: [string, number, string | undefined][], testid: string, empty: string): HTMLElement {
  const max = Math.max(1, ...rows.map((r) => r[1]));
  return h(
    'section',
    { class: 'panel', 'data-testid': testid },
    h('h3', null, title),
    rows.length === 0
      ? h('p', { class: 'muted' }, empty)
      : h(
          'ul',
          { class: 'bars' },
          rows.map(([label, n, href]) =>
            h(
              'li',
              { 'data-label': label, 'data-count': n },
              href ? h('a', { href, class: 'bar-label' }, label) : h('span', { class: 'bar-label' }, label),
              h('span', { class: 'bar-track' }, h('span', { class: 'bar', style: `width:${(n / max) * 100}%` })),
              h('span', { class: 'bar-n' }, n),
            ),
          ),
        ),
  );
}

function byStep(m: Record<string, number>, param: 'fail' | 'div'): [string, number, string][] {
  return Object.entries(m)
    .map(([k, n]) => [Number(k), n] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([k, n]) => [`step ${k + 1}`, n, filtersHash({ ...parseFilters(''), [param]: String(k) })]);
}

function byCount(m: Record<string, number>, param?: 'reason'): [string, number, string | undefined][] {
  return Object.entries(m)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([k, n]) => [k, n, param ? filtersHash({ ...parseFilters(''), [param]: k }) : undefined]);
}

function summaryView(index: ReportIndex): HTMLElement {
  const t = index.totals;
  const s = index.summary;
  const card = (label: string, value: Child, cls: string, testid: string, href?: string) =>
    h(
      href ? 'a' : 'div',
      { class: `card ${cls}`, href },
      h('span', { class: 'card-n', 'data-testid': testid }, value),
      h('span', { class: 'card-label' }, label),
    );
  const meta: Child[] = [];
  if (s?.dataset) meta.push(h('span', null, 'dataset ', h('code', null, s.dataset)));
  if (s?.startedAt) meta.push(h('span', null, `started ${s.startedAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}`));
  meta.push(h('span', null, s ? `run time ${dur(s.durationMs)}` : `episodes took ${dur(t.durationMs)} in all`));
  if (s?.browser) meta.push(h('span', null, `browser ${s.browser.version || s.browser.executablePath}`));
  if (!s) meta.push(h('span', { class: 'warn' }, 'no summary.json: the run did not finish'));
  if (index.unreadableLines) meta.push(h('span', { class: 'warn' }, `${index.unreadableLines} unreadable line(s) in results.jsonl`));
  // Snapshot runs: per format, how many targets were found, and on a recorded positive (Mind2Web's element accuracy).
  for (const [format, f] of Object.entries(s?.formats ?? {})) {
    const t = f.targets;
    if (!t || t.checked === 0) continue;
    const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
    const accuracy =
      t.elementAccuracy !== undefined
        ? `, on a positive candidate ${t.onPositive}/${t.checked} (element accuracy ${pct(t.elementAccuracy)})`
        : '';
    meta.push(
      h('span', { 'data-testid': 'format-targets' }, `${format}: targets found ${t.found}/${t.checked} (${pct(t.foundRate)})${accuracy}`),
    );
  }

  const problems = s?.problems ?? [];
  return h(
    'div',
    null,
    h(
      'div',
      { class: 'cards' },
      card('episodes', t.episodes.total, 'c-total', 'count-total', '#/'),
      card(passedLabel(t.episodes), t.episodes.passed, 'c-passed', 'count-passed', filtersHash({ ...parseFilters(''), status: 'passed' })),
      card('failed', t.episodes.failed, 'c-failed', 'count-failed', filtersHash({ ...parseFilters(''), status: 'failed' })),
      card('errors', t.episodes.error, 'c-error', 'count-error', filtersHash({ ...parseFilters(''), status: 'error' })),
      card('steps run', `${t.steps.total - t.steps.skipped} / ${t.steps.total}`, 'c-steps', 'count-steps'),
    ),
    h('p', { class: 'meta' }, meta),
    h(
      'div',
      { class: 'grid' },
      barList('First failing step', byStep(t.firstFailure, 'fail'), 'hist-failure', 'No episode failed at a step.'),
      barList(
        'First divergence from the recording',
        byStep(t.firstDivergence, 'div'),
        'hist-divergence',
        'No before-state diverged (or comparison was off).',
      ),
      barList('Episodes by reason', byCount(t.reasons, 'reason'), 'reasons', 'Every episode passed.'),
      barList('Before-state differences by kind', byCount(t.divergences), 'divergences', 'No before-state differences recorded.'),
    ),
    problems.length
      ? h(
          'details',
          { class: 'panel problems' },
          h('summary', null, `${problems.length} input problem(s)`),
          h(
            'ul',
            null,
            problems.map((p) => h('li', null, h('code', null, p))),
          ),
        )
      : null,
  );
}

export function showList(view: ReportView, f: Filters): void {
  const { app, index } = view;
  const episodes = index.episodes;
  document.title = 'replaywright report';
  clear(app);
  const go = (patch: Partial<Filters>) => {
    location.hash = filtersHash({ ...f, page: 1, ...patch });
  };
  const statusCounts: Record<string, number> = { '': 0, passed: 0, failed: 0, error: 0 };
  for (const e of episodes) {
    if (!matches(e, f, 'status')) continue;
    statusCounts[''] = (statusCounts[''] ?? 0) + 1;
    statusCounts[e.status] = (statusCounts[e.status] ?? 0) + 1;
  }
  const formats = Object.keys(index.totals.formats).sort();
  const reasons = Object.keys(index.totals.reasons).sort();
  const select = (name: keyof Filters, label: string, values: string[]) =>
    h(
      'label',
      { class: 'select' },
      label,
      h(
        'select',
        { 'data-filter': name, onchange: (e: Event) => go({ [name]: (e.target as HTMLSelectElement).value }) },
        h('option', { value: '' }, 'all'),
        values.map((v) => h('option', { value: v, selected: f[name] === v }, v)),
      ),
    );
  const search = h('input', {
    type: 'search',
    placeholder: 'search id, instruction, message',
    value: f.q,
    'data-filter': 'q',
  }) as HTMLInputElement;
  let typing: ReturnType<typeof setTimeout> | undefined;
  search.addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(() => go({ q: search.value }), 250);
  });

  const rows = episodes.filter((e) => matches(e, f));
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const page = Math.min(f.page, pages);
  const shown = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  const active: Child[] = [];
  if (f.fail)
    active.push(
      h('a', { class: 'chip removable', href: filtersHash({ ...f, fail: '', page: 1 }) }, `first failure at step ${Number(f.fail) + 1} ✕`),
    );
  if (f.div)
    active.push(
      h('a', { class: 'chip removable', href: filtersHash({ ...f, div: '', page: 1 }) }, `first divergence at step ${Number(f.div) + 1} ✕`),
    );

  const pager = () =>
    h(
      'div',
      { class: 'pager' },
      h(
        'span',
        { 'data-testid': 'list-range' },
        rows.length ? `${(page - 1) * PAGE_SIZE + 1}–${(page - 1) * PAGE_SIZE + shown.length} of ${rows.length}` : '0 episodes',
      ),
      h(
        'a',
        {
          class: `btn ${page <= 1 ? 'disabled' : ''}`,
          href: page > 1 ? filtersHash({ ...f, page: page - 1 }) : undefined,
          'data-testid': 'prev-page',
        },
        '← previous',
      ),
      h('span', { class: 'muted' }, `page ${page} / ${pages}`),
      h(
        'a',
        {
          class: `btn ${page >= pages ? 'disabled' : ''}`,
          href: page < pages ? filtersHash({ ...f, page: page + 1 }) : undefined,
          'data-testid': 'next-page',
        },
        'next →',
      ),
    );

  append(app, [
    summaryView(index),
    h(
      'section',
      { class: 'panel list' },
      h(
        'div',
        { class: 'filters' },
        h(
          'div',
          { class: 'seg', role: 'group', 'aria-label': 'status' },
          ['', 'passed', 'failed', 'error'].map((st) =>
            h(
              'button',
              {
                type: 'button',
                class: `seg-btn ${f.status === st ? 'on' : ''} s-${st || 'all'}`,
                'data-status-filter': st || 'all',
                onclick: () => go({ status: st }),
              },
              st ? STATUS_LABEL[st] : 'all',
              h('span', { class: 'seg-n' }, statusCounts[st] ?? 0),
            ),
          ),
        ),
        select('format', 'format', formats),
        select('reason', 'reason', reasons),
        search,
        active,
      ),
      pager(),
      h(
        'table',
        { class: 'episodes' },
        h(
          'thead',
          null,
          h(
            'tr',
            null,
            h('th', null, 'status'),
            h('th', null, 'episode'),
            h('th', null, 'format'),
            h('th', { class: 'num' }, 'steps'),
            h('th', null, 'stopped at'),
            h('th', { class: 'num' }, 'time'),
          ),
        ),
        h(
          'tbody',
          null,
          shown.map((e) =>
            h(
              'tr',
              { 'data-testid': 'episode-row', 'data-status': e.status, 'data-n': e.n, class: `r-${e.status}` },
              h('td', null, badge(e.status)),
              h(
                'td',
                { class: 'ep' },
                h('a', { href: `#/e/${e.n}`, class: 'ep-id' }, e.id),
                e.instruction ? h('div', { class: 'instr' }, e.instruction) : null,
              ),
              h('td', null, e.format),
              h('td', { class: 'num' }, `${e.ran}/${e.steps}`),
              h(
                'td',
                { class: 'stop' },
                e.reason ? h('span', { class: `reason r-${e.status}` }, e.reason) : null,
                e.failedStep !== undefined
                  ? h('div', { class: 'muted' }, `step ${e.failedStep + 1}`, e.failedWhat ? `: ${e.failedWhat}` : '')
                  : null,
                e.firstDivergence !== undefined ? h('div', { class: 'muted' }, `diverged at step ${e.firstDivergence + 1}`) : null,
                e.drift ? h('div', { class: 'muted' }, `${e.drift} step(s) drifted`) : null,
              ),
              h('td', { class: 'num' }, dur(e.durationMs)),
            ),
          ),
        ),
      ),
      rows.length === 0 ? h('p', { class: 'empty' }, 'No episode matches these filters.') : null,
      rows.length > PAGE_SIZE ? pager() : null,
    ),
  ]);
}

/** "passed", or "passed (N final state not verifiable, M with unverified steps)". */
function passedLabel(e: { passedUnverified?: number; passedWithUnverifiedSteps?: number }): string {
  const c = [
    e.passedUnverified ? `${e.passedUnverified} final state not verifiable` : '',
    e.passedWithUnverifiedSteps ? `${e.passedWithUnverifiedSteps} with unverified steps` : '',
  ].filter(Boolean);
  return c.length ? `passed (${c.join(', ')})` : 'passed';
}
