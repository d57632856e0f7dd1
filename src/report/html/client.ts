import type { EpisodeResult, StepResult } from '../../ir/results.js';
import type { ChunkEntry, ListEntry, ReportIndex } from './types.js';

/**
 * The report page's script. It runs in the browser: `writeHtmlReport` inlines its source
 * (`reportClient.toString()`), so it must be self-contained — no imports at run time, no
 * references outside its own body (type imports are erased).
 *
 * Every text that comes from a dataset or a result reaches the page through text nodes
 * (`h()` turns strings into `document.createTextNode`), never through innerHTML, and links only
 * take the pre-encoded relative URLs the server computed (or http/https URLs).
 */
export function reportClient(): void {
  type Child = Node | string | number | null | undefined | false | Child[];
  type Attrs = Record<string, string | number | boolean | undefined | ((e: Event) => void)>;
  type Filters = { status: string; format: string; reason: string; q: string; fail: string; div: string; page: number };

  const w = window as unknown as { RW_INDEX?: ReportIndex; RW_CHUNKS?: Record<string, ChunkEntry[]> };
  const app = document.getElementById('app') as HTMLElement;
  const PAGE_SIZE = 50;
  const FOUND_BY: Record<string, string> = { recorded: 'recorded selector', alternative: 'alternative locator', 'normalized-name': 'normalized name', similarity: 'similarity match' };
  const STATUS_LABEL: Record<string, string> = { passed: 'passed', failed: 'failed', error: 'error', skipped: 'skipped', 'needs-input': 'needs input' };

  function h(tag: string, attrs?: Attrs | null, ...children: Child[]): HTMLElement {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs ?? {})) {
      if (v === undefined || v === false) continue;
      if (typeof v === 'function') el.addEventListener(k.replace(/^on/, ''), v);
      else if (k === 'href' || k === 'src') el.setAttribute(k, safeUrl(String(v)));
      else el.setAttribute(k, v === true ? '' : String(v));
    }
    append(el, children);
    return el;
  }

  function append(el: Node, children: Child[]): void {
    for (const c of children) {
      if (c === null || c === undefined || c === false) continue;
      if (Array.isArray(c)) append(el, c);
      else el.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
    }
  }

  /** Relative links (as the report writes them) and http(s) only: never `javascript:` or `data:`. */
  function safeUrl(url: string): string {
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url);
    return !scheme || /^https?$/i.test(scheme[1]!) ? url : '#';
  }

  function clear(el: HTMLElement): void {
    while (el.firstChild) el.removeChild(el.firstChild);
  }

  const pct = (x: number) => `${Math.round(x * 1000) / 10}%`;
  const fig = (x: number) => (Math.round(x * 1000) / 1000).toString();
  function dur(ms: number): string {
    if (ms < 1000) return `${Math.round(ms)} ms`;
    const s = ms / 1000;
    if (s < 60) return `${s.toFixed(1)} s`;
    const m = Math.floor(s / 60);
    if (m < 60) return `${m} min ${Math.round(s - m * 60)} s`;
    return `${Math.floor(m / 60)} h ${m % 60} min`;
  }
  function shellQuote(s: string): string {
    return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
  }
  const badge = (status: string, testid?: string) => h('span', { class: `badge b-${status}`, 'data-testid': testid }, STATUS_LABEL[status] ?? status);
  const chip = (text: Child, cls = '', title?: string) => h('span', { class: `chip ${cls}`, title }, text);

  function copyButton(text: string): HTMLElement {
    const b = h('button', { class: 'copy', type: 'button', title: 'copy to the clipboard' }, 'copy');
    b.addEventListener('click', () => {
      void navigator.clipboard?.writeText(text).then(() => {
        b.textContent = 'copied';
        setTimeout(() => (b.textContent = 'copy'), 1200);
      });
    });
    return b;
  }

  // ---- data -------------------------------------------------------------------------------

  const index = w.RW_INDEX;
  if (!index) {
    append(app, [h('div', { class: 'panel error-panel' }, h('h2', null, 'No report data'), h('p', null, 'report/data/index.js is missing or could not be read. Rebuild it with `replaywright report <out>`.'))]);
    return;
  }
  const episodes = index.episodes;
  const byN = new Map<number, ListEntry>(episodes.map((e) => [e.n, e]));
  const chunkLoads = new Map<number, Promise<ChunkEntry[]>>();

  /** Episode details live in `data/chunk-N.js`, loaded on first need through a script tag (file:// cannot fetch). */
  function loadChunk(c: number): Promise<ChunkEntry[]> {
    let p = chunkLoads.get(c);
    if (!p) {
      p = new Promise<ChunkEntry[]>((resolve, reject) => {
        const s = document.createElement('script');
        s.src = `data/chunk-${c}.js`;
        s.onload = () => {
          const chunk = w.RW_CHUNKS?.[String(c)];
          if (chunk) resolve(chunk);
          else reject(new Error(`data/chunk-${c}.js did not define its episodes`));
        };
        s.onerror = () => reject(new Error(`data/chunk-${c}.js could not be loaded`));
        document.head.appendChild(s);
      });
      p.catch(() => chunkLoads.delete(c));
      chunkLoads.set(c, p);
    }
    return p;
  }

  // ---- routing ----------------------------------------------------------------------------

  let lastList = '#/';

  function parseFilters(query: string): Filters {
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

  function filtersHash(f: Filters): string {
    const q = new URLSearchParams();
    for (const k of ['status', 'format', 'reason', 'q', 'fail', 'div'] as const) if (f[k]) q.set(k, f[k]);
    if (f.page > 1) q.set('page', String(f.page));
    const s = q.toString();
    return s ? `#/?${s}` : '#/';
  }

  function matches(e: ListEntry, f: Filters, ignore?: keyof Filters): boolean {
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

  function route(): void {
    const hash = location.hash.replace(/^#/, '') || '/';
    const m = /^\/e\/(\d+)$/.exec(hash);
    window.scrollTo(0, 0);
    if (m) {
      void showEpisode(Number(m[1]));
    } else {
      lastList = `#${hash}`;
      showList(parseFilters(hash.split('?')[1] ?? ''));
    }
  }

  // ---- list view --------------------------------------------------------------------------

  function barList(title: string, rows: [string, number, string | undefined][], testid: string, empty: string): HTMLElement {
    const max = Math.max(1, ...rows.map((r) => r[1]));
    return h('section', { class: 'panel', 'data-testid': testid },
      h('h3', null, title),
      rows.length === 0
        ? h('p', { class: 'muted' }, empty)
        : h('ul', { class: 'bars' }, rows.map(([label, n, href]) =>
          h('li', { 'data-label': label, 'data-count': n },
            href ? h('a', { href, class: 'bar-label' }, label) : h('span', { class: 'bar-label' }, label),
            h('span', { class: 'bar-track' }, h('span', { class: 'bar', style: `width:${(n / max) * 100}%` })),
            h('span', { class: 'bar-n' }, n)))));
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

  function summaryView(): HTMLElement {
    const t = index!.totals;
    const s = index!.summary;
    const card = (label: string, value: Child, cls: string, testid: string, href?: string) =>
      h(href ? 'a' : 'div', { class: `card ${cls}`, href }, h('span', { class: 'card-n', 'data-testid': testid }, value), h('span', { class: 'card-label' }, label));
    const meta: Child[] = [];
    if (s?.dataset) meta.push(h('span', null, 'dataset ', h('code', null, s.dataset)));
    if (s?.startedAt) meta.push(h('span', null, `started ${s.startedAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}`));
    meta.push(h('span', null, s ? `run time ${dur(s.durationMs)}` : `episodes took ${dur(t.durationMs)} in all`));
    if (s?.browser) meta.push(h('span', null, `browser ${s.browser.version || s.browser.executablePath}`));
    if (!s) meta.push(h('span', { class: 'warn' }, 'no summary.json: the run did not finish'));
    if (index!.unreadableLines) meta.push(h('span', { class: 'warn' }, `${index!.unreadableLines} unreadable line(s) in results.jsonl`));
    // Snapshot runs: per format, how many targets were found, and on a recorded positive (Mind2Web's element accuracy).
    for (const [format, f] of Object.entries(s?.formats ?? {})) {
      const t = f.targets;
      if (!t || t.checked === 0) continue;
      const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
      const accuracy = t.elementAccuracy !== undefined ? `, on a positive candidate ${t.onPositive}/${t.checked} (element accuracy ${pct(t.elementAccuracy)})` : '';
      meta.push(h('span', { 'data-testid': 'format-targets' }, `${format}: targets found ${t.found}/${t.checked} (${pct(t.foundRate)})${accuracy}`));
    }

    const problems = s?.problems ?? [];
    return h('div', null,
      h('div', { class: 'cards' },
        card('episodes', t.episodes.total, 'c-total', 'count-total', '#/'),
        card((() => { const c = [t.episodes.passedUnverified ? `${t.episodes.passedUnverified} final state not verifiable` : '', t.episodes.passedWithUnverifiedSteps ? `${t.episodes.passedWithUnverifiedSteps} with unverified steps` : ''].filter(Boolean); return c.length ? `passed (${c.join(', ')})` : 'passed'; })(), t.episodes.passed, 'c-passed', 'count-passed', filtersHash({ ...parseFilters(''), status: 'passed' })),
        card('failed', t.episodes.failed, 'c-failed', 'count-failed', filtersHash({ ...parseFilters(''), status: 'failed' })),
        card('errors', t.episodes.error, 'c-error', 'count-error', filtersHash({ ...parseFilters(''), status: 'error' })),
        card('steps run', `${t.steps.total - t.steps.skipped} / ${t.steps.total}`, 'c-steps', 'count-steps')),
      h('p', { class: 'meta' }, meta),
      h('div', { class: 'grid' },
        barList('First failing step', byStep(t.firstFailure, 'fail'), 'hist-failure', 'No episode failed at a step.'),
        barList('First divergence from the recording', byStep(t.firstDivergence, 'div'), 'hist-divergence', 'No before-state diverged (or comparison was off).'),
        barList('Episodes by reason', byCount(t.reasons, 'reason'), 'reasons', 'Every episode passed.'),
        barList('Before-state differences by kind', byCount(t.divergences), 'divergences', 'No before-state differences recorded.')),
      problems.length
        ? h('details', { class: 'panel problems' }, h('summary', null, `${problems.length} input problem(s)`), h('ul', null, problems.map((p) => h('li', null, h('code', null, p)))))
        : null);
  }

  function showList(f: Filters): void {
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
    const formats = Object.keys(index!.totals.formats).sort();
    const reasons = Object.keys(index!.totals.reasons).sort();
    const select = (name: keyof Filters, label: string, values: string[]) =>
      h('label', { class: 'select' }, label,
        h('select', { 'data-filter': name, onchange: (e: Event) => go({ [name]: (e.target as HTMLSelectElement).value }) },
          h('option', { value: '' }, 'all'),
          values.map((v) => h('option', { value: v, selected: f[name] === v }, v))));
    const search = h('input', { type: 'search', placeholder: 'search id, instruction, message', value: f.q, 'data-filter': 'q' }) as HTMLInputElement;
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
    if (f.fail) active.push(h('a', { class: 'chip removable', href: filtersHash({ ...f, fail: '', page: 1 }) }, `first failure at step ${Number(f.fail) + 1} ✕`));
    if (f.div) active.push(h('a', { class: 'chip removable', href: filtersHash({ ...f, div: '', page: 1 }) }, `first divergence at step ${Number(f.div) + 1} ✕`));

    const pager = () => h('div', { class: 'pager' },
      h('span', { 'data-testid': 'list-range' }, rows.length ? `${(page - 1) * PAGE_SIZE + 1}–${(page - 1) * PAGE_SIZE + shown.length} of ${rows.length}` : '0 episodes'),
      h('a', { class: `btn ${page <= 1 ? 'disabled' : ''}`, href: page > 1 ? filtersHash({ ...f, page: page - 1 }) : undefined, 'data-testid': 'prev-page' }, '← previous'),
      h('span', { class: 'muted' }, `page ${page} / ${pages}`),
      h('a', { class: `btn ${page >= pages ? 'disabled' : ''}`, href: page < pages ? filtersHash({ ...f, page: page + 1 }) : undefined, 'data-testid': 'next-page' }, 'next →'));

    append(app, [
      summaryView(),
      h('section', { class: 'panel list' },
        h('div', { class: 'filters' },
          h('div', { class: 'seg', role: 'group', 'aria-label': 'status' },
            ['', 'passed', 'failed', 'error'].map((st) =>
              h('button', { type: 'button', class: `seg-btn ${f.status === st ? 'on' : ''} s-${st || 'all'}`, 'data-status-filter': st || 'all', onclick: () => go({ status: st }) },
                st ? STATUS_LABEL[st] : 'all', h('span', { class: 'seg-n' }, statusCounts[st] ?? 0)))),
          select('format', 'format', formats),
          select('reason', 'reason', reasons),
          search,
          active),
        pager(),
        h('table', { class: 'episodes' },
          h('thead', null, h('tr', null, h('th', null, 'status'), h('th', null, 'episode'), h('th', null, 'format'), h('th', { class: 'num' }, 'steps'), h('th', null, 'stopped at'), h('th', { class: 'num' }, 'time'))),
          h('tbody', null, shown.map((e) =>
            h('tr', { 'data-testid': 'episode-row', 'data-status': e.status, 'data-n': e.n, class: `r-${e.status}` },
              h('td', null, badge(e.status)),
              h('td', { class: 'ep' },
                h('a', { href: `#/e/${e.n}`, class: 'ep-id' }, e.id),
                e.instruction ? h('div', { class: 'instr' }, e.instruction) : null),
              h('td', null, e.format),
              h('td', { class: 'num' }, `${e.ran}/${e.steps}`),
              h('td', { class: 'stop' },
                e.reason ? h('span', { class: `reason r-${e.status}` }, e.reason) : null,
                e.failedStep !== undefined ? h('div', { class: 'muted' }, `step ${e.failedStep + 1}`, e.failedWhat ? `: ${e.failedWhat}` : '') : null,
                e.firstDivergence !== undefined ? h('div', { class: 'muted' }, `diverged at step ${e.firstDivergence + 1}`) : null,
                e.drift ? h('div', { class: 'muted' }, `${e.drift} step(s) drifted`) : null),
              h('td', { class: 'num' }, dur(e.durationMs)))))),
        rows.length === 0 ? h('p', { class: 'empty' }, 'No episode matches these filters.') : null,
        rows.length > PAGE_SIZE ? pager() : null),
    ]);
  }

  // ---- episode view -----------------------------------------------------------------------

  async function showEpisode(n: number): Promise<void> {
    const entry = byN.get(n);
    clear(app);
    if (!entry) {
      append(app, [h('p', null, h('a', { href: lastList }, '← all episodes')), h('div', { class: 'panel' }, `No episode #${n} in this report.`)]);
      return;
    }
    document.title = `${entry.id} · replaywright`;
    const loading = h('p', { class: 'muted' }, 'loading…');
    append(app, [loading]);
    let detail: ChunkEntry | undefined;
    try {
      detail = (await loadChunk(entry.chunk)).find((d) => d.n === n);
    } catch (err) {
      loading.textContent = String((err as Error).message);
      return;
    }
    if (location.hash !== `#/e/${n}`) return; // navigated away meanwhile
    clear(app);
    if (!detail) {
      append(app, [h('div', { class: 'panel' }, `Episode #${n} is missing from data/chunk-${entry.chunk}.js.`)]);
      return;
    }
    renderEpisode(entry, detail);
  }

  function renderEpisode(entry: ListEntry, d: ChunkEntry): void {
    const r = d.result;
    const href = (p: string | undefined) => (p === undefined ? undefined : d.hrefs[p]);
    const listed = episodes.filter((e) => matches(e, parseFilters(lastList.split('?')[1] ?? '')));
    const at = listed.findIndex((e) => e.n === entry.n);
    const prev = at > 0 ? listed[at - 1] : undefined;
    const next = at >= 0 && at < listed.length - 1 ? listed[at + 1] : undefined;
    const ran = r.steps.filter((s) => s.status !== 'skipped').length;

    const facts: Child[] = [
      h('dt', null, 'format'), h('dd', null, String(r.format)),
      h('dt', null, 'steps'), h('dd', null, `${ran} run of ${r.steps.length}`),
      h('dt', null, 'time'), h('dd', null, dur(r.durationMs ?? 0)),
    ];
    if (r.source?.file) facts.push(h('dt', null, 'source'), h('dd', null, h('code', null, `${r.source.file}${r.source.line ? `:${r.source.line}` : ''}${r.source.record ? ` ${r.source.record}` : ''}`)));
    if (r.final?.url) facts.push(h('dt', null, 'final URL'), h('dd', null, h('code', null, r.final.url)));
    if (r.final?.textSimilarity !== undefined) facts.push(h('dt', null, 'final text similarity'), h('dd', null, fig(r.final.textSimilarity)));
    if (r.final?.verified === false) facts.push(h('dt', null, 'final state'), h('dd', { 'data-testid': 'final-unverified' }, `${r.status === 'passed' ? 'passed (final state not verifiable)' : 'not verifiable'}: ${r.final.unverifiedReason ?? 'no recorded end state'}`));
    if (r.firstDivergence !== undefined) facts.push(h('dt', null, 'first divergence'), h('dd', null, h('a', { href: `#/e/${entry.n}`, onclick: (e: Event) => { e.preventDefault(); focusStep(r.firstDivergence!); } }, `step ${r.firstDivergence + 1}`)));
    if (r.drift?.length) facts.push(h('dt', null, 'drifted steps'), h('dd', null, r.drift.map((i) => `step ${i + 1}`).join(', ')));
    const unchecked = r.status === 'passed' ? (r.steps ?? []).filter((s) => s.status === 'passed' && s.effect?.status === 'unverified') : [];
    if (unchecked.length) facts.push(h('dt', null, 'unverified steps'), h('dd', { 'data-testid': 'steps-unverified' }, `passed (${unchecked.length} step${unchecked.length === 1 ? '' : 's'} unverified): ${unchecked.map((s) => `step ${s.index + 1}`).join(', ')}`));
    if (r.viewport) facts.push(h('dt', null, 'window'), h('dd', null, `${r.viewport.width}×${r.viewport.height} @${r.viewport.deviceScaleFactor} (${r.viewport.chosenBy})`));

    const artefacts: Child[] = [];
    if (r.final?.screenshot) {
      artefacts.push(h('figure', { class: 'final-shot' },
        h('a', { href: href(r.final.screenshot), target: '_blank' }, h('img', { src: href(r.final.screenshot), alt: 'final page', 'data-kind': 'final' })),
        h('figcaption', null, r.status === 'passed' ? 'final page' : 'page when the replay ended')));
    }
    const links: Child[] = [];
    if (r.final?.html) links.push(h('li', null, h('a', { href: href(r.final.html), target: '_blank', 'data-testid': 'final-html' }, 'final page HTML')));
    if (r.final?.screenshot) links.push(h('li', null, h('a', { href: href(r.final.screenshot), target: '_blank' }, 'final screenshot')));
    if (r.trace) {
      const cmd = `npx playwright show-trace ${shellQuote(d.tracePath ?? r.trace)}`;
      links.push(h('li', null, h('a', { href: href(r.trace), 'data-testid': 'trace-link' }, 'Playwright trace'), ' — open it with ', h('code', { class: 'cmd', 'data-testid': 'trace-cmd' }, cmd), copyButton(cmd)));
    }

    append(app, [
      h('nav', { class: 'crumbs' },
        h('a', { href: lastList }, '← all episodes'),
        h('span', { class: 'spacer' }),
        prev ? h('a', { href: `#/e/${prev.n}`, title: prev.id }, '‹ previous') : h('span', { class: 'muted' }, '‹ previous'),
        next ? h('a', { href: `#/e/${next.n}`, title: next.id }, 'next ›') : h('span', { class: 'muted' }, 'next ›')),
      h('section', { class: `panel episode-head e-${r.status}` },
        h('div', { class: 'title-row' }, badge(r.status, 'episode-status'), h('h2', { 'data-testid': 'episode-id' }, r.episode), r.reason ? h('span', { class: `reason r-${r.status}`, 'data-testid': 'episode-reason' }, r.reason) : null),
        r.instruction ? h('p', { class: 'instruction', 'data-testid': 'instruction' }, r.instruction) : null,
        r.message ? h('pre', { class: 'message', 'data-testid': 'episode-message' }, r.message) : null,
        h('div', { class: 'head-grid' },
          h('dl', { class: 'facts' }, facts),
          artefacts.length || links.length ? h('div', { class: 'artefacts' }, artefacts, links.length ? h('ul', { class: 'links' }, links) : null) : null),
        r.problems?.length ? h('div', { class: 'problems' }, h('h3', null, 'Input problems'), h('ul', null, r.problems.map((p) => h('li', null, h('code', null, p))))) : null),
      r.steps.length
        ? h('section', { class: 'panel' }, h('h3', null, 'Steps'), h('ol', { class: 'timeline', 'data-testid': 'timeline' }, r.steps.map((s) => stepView(s, r, href))))
        : null,
    ]);
    const focus = r.failedStep ?? r.firstDivergence;
    if (focus !== undefined) {
      focusStep(focus, false);
      // Screenshots above the step load after this and push it down: scroll again once they
      // are in, unless the reader has started moving around meanwhile.
      let moved = false;
      const stop = () => (moved = true);
      for (const ev of ['wheel', 'keydown', 'mousedown', 'touchstart']) window.addEventListener(ev, stop, { once: true, passive: true });
      const pending = Array.from(app.querySelectorAll('img')).filter((i) => !i.complete);
      void Promise.all(pending.map((i) => new Promise((done) => {
        i.addEventListener('load', done, { once: true });
        i.addEventListener('error', done, { once: true });
      }))).then(() => {
        if (!moved && location.hash === `#/e/${entry.n}`) focusStep(focus, false);
      });
    }
  }

  function focusStep(i: number, smooth = true): void {
    if (!Number.isInteger(i)) return;
    const el = app.querySelector<HTMLElement>(`li.step[data-index="${i}"]`);
    if (!el) return;
    if (!el.classList.contains('open')) (el.querySelector('.step-head') as HTMLElement | null)?.click();
    el.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
  }

  function stepView(s: StepResult, r: EpisodeResult, href: (p: string | undefined) => string | undefined): HTMLElement {
    const c = s.compare;
    // Open from the start: where the episode stopped and where it first diverged. Drifted steps
    // are marked (dot and chip) but stay closed, or a long episode would open everything.
    const interesting = s.status === 'failed' || s.status === 'needs-input' || s.index === r.failedStep || s.index === r.firstDivergence;
    const chips: Child[] = [chip(s.action, 'c-action')];
    if (s.page && s.page !== 'page') chips.push(chip(s.page, 'c-page', 'page'));
    if (s.resolvedBy) chips.push(chip(`${FOUND_BY[s.resolvedBy] ?? s.resolvedBy}${s.score !== undefined && s.resolvedBy !== 'recorded' ? ` · ${fig(s.score)}` : ''}`, s.resolvedBy === 'recorded' ? 'c-found' : 'c-healed', 'how the target was found'));
    if (c) chips.push(chip(c.verdict, `v-${c.verdict}`, 'before-state compared with the recording'));
    if (s.downloads?.length) chips.push(chip(`${s.downloads.length} download${s.downloads.length > 1 ? 's' : ''}`, 'c-dl'));
    const body = h('div', { class: 'step-body' });
    const head = h('button', { type: 'button', class: 'step-head', 'aria-expanded': 'false' },
      h('span', { class: 'dot' }, s.index + 1),
      h('span', { class: 'step-title' },
        h('span', { class: 'desc', 'data-testid': 'step-description' }, s.description),
        h('span', { class: 'chips' }, chips)),
      h('span', { class: 'step-status' }, s.status !== 'passed' ? badge(s.status) : null, h('span', { class: 'muted' }, dur(s.durationMs ?? 0))));
    const li = h('li', { class: `step s-${s.status}${c ? ` v-${c.verdict}` : ''}`, 'data-testid': 'step', 'data-index': s.index, 'data-status': s.status }, head, body);
    let built = false;
    const toggle = () => {
      const open = !li.classList.contains('open');
      li.classList.toggle('open', open);
      head.setAttribute('aria-expanded', String(open));
      if (open && !built) {
        built = true;
        append(body, stepDetails(s, r, href));
      }
    };
    head.addEventListener('click', toggle);
    if (interesting) toggle();
    return li;
  }

  function stepDetails(s: StepResult, r: EpisodeResult, href: (p: string | undefined) => string | undefined): Child[] {
    const out: Child[] = [];
    if (s.message || (s.reason && s.status !== 'passed')) {
      out.push(h('div', { class: `problem s-${s.status}` },
        s.reason ? h('span', { class: 'reason', 'data-testid': 'step-reason' }, s.reason) : null,
        s.message ? h('pre', { class: 'message', 'data-testid': 'step-message' }, s.message) : null));
    }

    const facts: Child[] = [];
    const fact = (k: string, v: Child) => facts.push(h('dt', null, k), h('dd', null, v));
    if (s.recordedStep !== undefined) fact('recorded step', String(s.recordedStep));
    if (s.url) fact('URL after', h('code', null, s.url));
    if (s.resolvedBy) fact('target found by', `${s.resolvedBy}${s.score !== undefined ? ` (score ${fig(s.score)})` : ''}`);
    if (s.target?.frame) fact('in frame', h('code', null, s.target.frame));
    if (s.target?.revealedByHover) fact('revealed', 'by hovering its container');
    if (s.target?.evidence?.length) fact('because', h('ul', { class: 'evidence' }, s.target.evidence.map((e) => h('li', null, e))));
    if (s.target?.candidates?.length) {
      fact('closest candidates', h('table', { class: 'candidates' },
        h('tbody', null, s.target.candidates.map((x) => h('tr', null, h('td', null, x.name), h('td', { class: 'num' }, fig(x.score)))))));
    }
    if (s.notes?.length) fact('notes', h('ul', null, s.notes.map((x) => h('li', null, x))));
    if (s.effect) fact('effect', h('span', { 'data-testid': 'step-effect' }, `${s.effect.status}: ${s.effect.detail}`));
    if (s.downloads?.length) fact('downloads', h('ul', null, s.downloads.map((p) => h('li', null, h('a', { href: href(p), target: '_blank' }, p)))));
    if (facts.length) out.push(h('dl', { class: 'facts' }, facts));

    const c = s.compare;
    if (c) {
      const figs: Child[] = [];
      const f = (k: string, v: string, bad = false) => figs.push(h('div', { class: `figure ${bad ? 'bad' : ''}` }, h('span', { class: 'fig-v' }, v), h('span', { class: 'fig-k' }, k)));
      if (c.pixelRatio !== undefined) f('pixels differ', pct(c.pixelRatio));
      if (c.shiftPx !== undefined) f('vertical shift', `${c.shiftPx} px`, c.shiftPx !== 0);
      if (c.textSimilarity !== undefined) f('text similarity', fig(c.textSimilarity));
      if (c.structureSimilarity !== undefined) f('structure similarity', fig(c.structureSimilarity));
      if (c.target) f('target recorded / live', `${c.target.recorded ? 'yes' : 'no'} / ${c.target.live ? 'yes' : 'no'}`, c.target.recorded && !c.target.live);
      out.push(h('div', { class: 'compare', 'data-testid': 'compare' },
        h('h4', null, 'Before-state vs the recording ', h('span', { class: `chip v-${c.verdict}`, 'data-testid': 'verdict' }, c.verdict), (c.reasons ?? []).map((x) => h('span', { class: 'chip c-why' }, x))),
        figs.length ? h('div', { class: 'figures' }, figs) : null,
        c.url ? h('p', { class: `urls ${c.url.same ? '' : 'bad'}` }, 'recorded ', h('code', null, c.url.recorded), c.url.same ? ' = ' : ' ≠ ', 'live ', h('code', null, c.url.live)) : null));
    }

    const rec = c?.images?.recorded;
    const live = c?.images?.live;
    const diff = c?.images?.diff;
    // With no live before-state screenshot, the failing step still shows where the page was when it stopped.
    const stopped = !live && s.index === r.failedStep && r.final?.screenshot ? r.final.screenshot : undefined;
    const shots: Child[] = [];
    if (rec) shots.push(shot('recorded before the step', href(rec), 'recorded', s.recordedBox, 'recorded'));
    if (live) shots.push(shot('live before the step', href(live), 'live', s.liveBox, 'live'));
    if (stopped) shots.push(shot('live page when the replay stopped', href(stopped), 'stopped', s.liveBox, 'live'));
    if (diff) shots.push(shot('difference', href(diff), 'diff', undefined, 'live'));
    if (shots.length) {
      const side = h('div', { class: 'shots', 'data-testid': 'shots' }, shots);
      if (rec && live) {
        const slider = sliderView(href(rec)!, href(live)!, s);
        slider.hidden = true;
        const tabs = h('div', { class: 'seg small' },
          h('button', { type: 'button', class: 'seg-btn on', 'data-view': 'side' }, 'side by side'),
          h('button', { type: 'button', class: 'seg-btn', 'data-view': 'slider' }, 'slider'));
        tabs.addEventListener('click', (e) => {
          const b = (e.target as HTMLElement).closest('button');
          if (!b) return;
          const view = b.getAttribute('data-view');
          side.hidden = view !== 'side';
          slider.hidden = view !== 'slider';
          for (const x of Array.from(tabs.children)) x.classList.toggle('on', x === b);
        });
        out.push(tabs, side, slider);
      } else {
        out.push(side);
      }
    }

    const dumps: Child[] = [];
    if (c?.html?.recorded) dumps.push(h('li', null, h('a', { href: href(c.html.recorded), target: '_blank', 'data-kind': 'recorded-html' }, 'recorded HTML')));
    if (c?.html?.live) dumps.push(h('li', null, h('a', { href: href(c.html.live), target: '_blank', 'data-kind': 'live-html' }, 'live HTML')));
    if (c?.images?.fullPage) dumps.push(h('li', null, h('a', { href: href(c.images.fullPage), target: '_blank', 'data-kind': 'live-full-page' }, 'live full page')));
    if (c?.aria) dumps.push(h('li', null, h('a', { href: href(c.aria), target: '_blank', 'data-kind': 'live-aria' }, 'live accessibility tree')));
    if (dumps.length) out.push(h('ul', { class: 'links inline' }, dumps));
    if (!out.length) out.push(h('p', { class: 'muted' }, s.status === 'skipped' ? 'Not run.' : 'Nothing more recorded for this step.'));
    return out;
  }

  type Box = { x: number; y: number; width: number; height: number };

  /** Places a box given in CSS px of the screenshot over the image, in % so it follows resizing. */
  function placeBox(img: HTMLImageElement, el: HTMLElement, box: Box): void {
    const place = () => {
      const W = img.naturalWidth;
      const H = img.naturalHeight;
      if (!W || !H) return;
      el.style.left = `${(box.x / W) * 100}%`;
      el.style.top = `${(box.y / H) * 100}%`;
      el.style.width = `${(box.width / W) * 100}%`;
      el.style.height = `${(box.height / H) * 100}%`;
      el.hidden = false;
    };
    el.hidden = true;
    if (img.complete) place();
    img.addEventListener('load', place);
  }

  function shot(caption: string, src: string | undefined, kind: string, box: Box | undefined, boxKind: string): HTMLElement {
    const img = h('img', { src, alt: caption, 'data-kind': kind }) as HTMLImageElement;
    const frame = h('div', { class: 'shot-frame' }, img);
    if (box) {
      const b = h('div', { class: `box box-${boxKind}`, 'data-box': boxKind, title: `target ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)}` });
      frame.appendChild(b);
      placeBox(img, b, box);
    }
    img.addEventListener('error', () => frame.classList.add('missing'));
    return h('figure', { class: `shot k-${kind}` }, h('a', { href: src, target: '_blank', class: 'shot-link' }, frame), h('figcaption', null, caption));
  }

  function sliderView(rec: string, live: string, s: StepResult): HTMLElement {
    const base = h('img', { src: rec, alt: 'recorded', 'data-kind': 'slider-recorded' }) as HTMLImageElement;
    const top = h('img', { src: live, alt: 'live', 'data-kind': 'slider-live' }) as HTMLImageElement;
    const topWrap = h('div', { class: 'slider-top', style: 'clip-path: inset(0 0 0 50%)' }, top);
    const stage = h('div', { class: 'slider-stage' }, base, topWrap, h('div', { class: 'slider-line', style: 'left:50%' }));
    if (s.recordedBox) {
      const b = h('div', { class: 'box box-recorded', 'data-box': 'slider-recorded' });
      stage.appendChild(b);
      placeBox(base, b, s.recordedBox);
    }
    if (s.liveBox) {
      const b = h('div', { class: 'box box-live', 'data-box': 'slider-live' });
      stage.appendChild(b);
      placeBox(base, b, s.liveBox);
    }
    const range = h('input', { type: 'range', min: 0, max: 100, value: 50, 'aria-label': 'recorded ← → live', 'data-testid': 'slider' }) as HTMLInputElement;
    range.addEventListener('input', () => {
      topWrap.style.clipPath = `inset(0 0 0 ${range.value}%)`;
      (stage.querySelector('.slider-line') as HTMLElement).style.left = `${range.value}%`;
    });
    return h('div', { class: 'slider', 'data-testid': 'slider-view' },
      stage,
      h('div', { class: 'slider-legend' }, h('span', null, '◀ recorded'), range, h('span', null, 'live ▶')));
  }

  window.addEventListener('hashchange', route);
  route();
}
