import type { ChunkEntry, ListEntry } from '../types.js';
import { loadChunk } from './data.js';
import { append, clear, h, type Child } from './dom.js';
import { matches, parseFilters } from './filters.js';
import { stepView } from './step-view.js';
import { dur, fig, shellQuote } from './text.js';
import type { ReportView } from './view.js';
import { badge, copyButton } from './widgets.js';
import { finalUncheckedReason, finalUnverified } from '../../../ir/final-unverified.js';

// One episode (`#/e/N`): its header (status, facts, final page, trace) and the step timeline,
// opened and scrolled to where it stopped or first diverged.

export async function showEpisode(view: ReportView, n: number): Promise<void> {
  const { app, byN, lastList } = view;
  const entry = byN.get(n);
  clear(app);
  if (!entry) {
    append(app, [
      h('p', null, h('a', { href: lastList }, '← all episodes')),
      h('div', { class: 'panel' }, `No episode #${n} in this report.`),
    ]);
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
  renderEpisode(view, entry, detail);
}

function renderEpisode(view: ReportView, entry: ListEntry, d: ChunkEntry): void {
  const { app, index, lastList } = view;
  const episodes = index.episodes;
  const r = d.result;
  const href = (p: string | undefined) => (p === undefined ? undefined : d.hrefs[p]);
  const listed = episodes.filter((e) => matches(e, parseFilters(lastList.split('?')[1] ?? '')));
  const at = listed.findIndex((e) => e.n === entry.n);
  const prev = at > 0 ? listed[at - 1] : undefined;
  const next = at >= 0 && at < listed.length - 1 ? listed[at + 1] : undefined;
  const ran = r.steps.filter((s) => s.status !== 'skipped').length;

  const facts: Child[] = [
    h('dt', null, 'format'),
    h('dd', null, String(r.format)),
    h('dt', null, 'steps'),
    h('dd', null, `${ran} run of ${r.steps.length}`),
    h('dt', null, 'time'),
    h('dd', null, dur(r.durationMs ?? 0)),
  ];
  if (r.source?.file)
    facts.push(
      h('dt', null, 'source'),
      h(
        'dd',
        null,
        h('code', null, `${r.source.file}${r.source.line ? `:${r.source.line}` : ''}${r.source.record ? ` ${r.source.record}` : ''}`),
      ),
    );
  if (r.final?.url) facts.push(h('dt', null, 'final URL'), h('dd', null, h('code', null, r.final.url)));
  if (r.final?.textSimilarity !== undefined) facts.push(h('dt', null, 'final text similarity'), h('dd', null, fig(r.final.textSimilarity)));
  if (finalUnverified(r))
    facts.push(
      h('dt', null, 'final state'),
      h(
        'dd',
        { 'data-testid': 'final-unverified' },
        `${r.status === 'passed' ? 'passed (final state not verifiable)' : 'not verifiable'}: ${finalUncheckedReason(r)}`,
      ),
    );
  if (r.firstDivergence !== undefined)
    facts.push(
      h('dt', null, 'first divergence'),
      h(
        'dd',
        null,
        h(
          'a',
          {
            href: `#/e/${entry.n}`,
            onclick: (e: Event) => {
              e.preventDefault();
              focusStep(app, r.firstDivergence!);
            },
          },
          `step ${r.firstDivergence + 1}`,
        ),
      ),
    );
  if (r.drift?.length) facts.push(h('dt', null, 'drifted steps'), h('dd', null, r.drift.map((i) => `step ${i + 1}`).join(', ')));
  const unchecked = r.status === 'passed' ? (r.steps ?? []).filter((s) => s.status === 'passed' && s.effect?.status === 'unverified') : [];
  if (unchecked.length)
    facts.push(
      h('dt', null, 'unverified steps'),
      h(
        'dd',
        { 'data-testid': 'steps-unverified' },
        `passed (${unchecked.length} step${unchecked.length === 1 ? '' : 's'} unverified): ${unchecked.map((s) => `step ${s.index + 1}`).join(', ')}`,
      ),
    );
  if (r.viewport)
    facts.push(
      h('dt', null, 'window'),
      h('dd', null, `${r.viewport.width}×${r.viewport.height} @${r.viewport.deviceScaleFactor} (${r.viewport.chosenBy})`),
    );

  const artefacts: Child[] = [];
  if (r.final?.screenshot) {
    artefacts.push(
      h(
        'figure',
        { class: 'final-shot' },
        h(
          'a',
          { href: href(r.final.screenshot), target: '_blank' },
          h('img', { src: href(r.final.screenshot), alt: 'final page', 'data-kind': 'final' }),
        ),
        h('figcaption', null, r.status === 'passed' ? 'final page' : 'page when the replay ended'),
      ),
    );
  }
  const links: Child[] = [];
  if (r.final?.html)
    links.push(h('li', null, h('a', { href: href(r.final.html), target: '_blank', 'data-testid': 'final-html' }, 'final page HTML')));
  if (r.final?.screenshot) links.push(h('li', null, h('a', { href: href(r.final.screenshot), target: '_blank' }, 'final screenshot')));
  if (r.trace) {
    const cmd = `npx playwright show-trace ${shellQuote(d.tracePath ?? r.trace)}`;
    links.push(
      h(
        'li',
        null,
        h('a', { href: href(r.trace), 'data-testid': 'trace-link' }, 'Playwright trace'),
        ' — open it with ',
        h('code', { class: 'cmd', 'data-testid': 'trace-cmd' }, cmd),
        copyButton(cmd),
      ),
    );
  }

  append(app, [
    h(
      'nav',
      { class: 'crumbs' },
      h('a', { href: lastList }, '← all episodes'),
      h('span', { class: 'spacer' }),
      prev ? h('a', { href: `#/e/${prev.n}`, title: prev.id }, '‹ previous') : h('span', { class: 'muted' }, '‹ previous'),
      next ? h('a', { href: `#/e/${next.n}`, title: next.id }, 'next ›') : h('span', { class: 'muted' }, 'next ›'),
    ),
    h(
      'section',
      { class: `panel episode-head e-${r.status}` },
      h(
        'div',
        { class: 'title-row' },
        badge(r.status, 'episode-status'),
        h('h2', { 'data-testid': 'episode-id' }, r.episode),
        r.reason ? h('span', { class: `reason r-${r.status}`, 'data-testid': 'episode-reason' }, r.reason) : null,
      ),
      r.instruction ? h('p', { class: 'instruction', 'data-testid': 'instruction' }, r.instruction) : null,
      r.message ? h('pre', { class: 'message', 'data-testid': 'episode-message' }, r.message) : null,
      h(
        'div',
        { class: 'head-grid' },
        h('dl', { class: 'facts' }, facts),
        artefacts.length || links.length
          ? h('div', { class: 'artefacts' }, artefacts, links.length ? h('ul', { class: 'links' }, links) : null)
          : null,
      ),
      r.problems?.length
        ? h(
            'div',
            { class: 'problems' },
            h('h3', null, 'Input problems'),
            h(
              'ul',
              null,
              r.problems.map((p) => h('li', null, h('code', null, p))),
            ),
          )
        : null,
    ),
    r.steps.length
      ? h(
          'section',
          { class: 'panel' },
          h('h3', null, 'Steps'),
          h(
            'ol',
            { class: 'timeline', 'data-testid': 'timeline' },
            r.steps.map((s) => stepView(s, r, href)),
          ),
        )
      : null,
  ]);
  const focus = r.failedStep ?? r.firstDivergence;
  if (focus !== undefined) {
    focusStep(app, focus, false);
    // Screenshots above the step load after this and push it down: scroll again once they
    // are in, unless the reader has started moving around meanwhile.
    let moved = false;
    const stop = () => (moved = true);
    for (const ev of ['wheel', 'keydown', 'mousedown', 'touchstart']) window.addEventListener(ev, stop, { once: true, passive: true });
    const pending = Array.from(app.querySelectorAll('img')).filter((i) => !i.complete);
    void Promise.all(
      pending.map(
        (i) =>
          new Promise((done) => {
            i.addEventListener('load', done, { once: true });
            i.addEventListener('error', done, { once: true });
          }),
      ),
    ).then(() => {
      if (!moved && location.hash === `#/e/${entry.n}`) focusStep(app, focus, false);
    });
  }
}

function focusStep(app: HTMLElement, i: number, smooth = true): void {
  if (!Number.isInteger(i)) return;
  const el = app.querySelector<HTMLElement>(`li.step[data-index="${i}"]`);
  if (!el) return;
  if (!el.classList.contains('open')) (el.querySelector('.step-head') as HTMLElement | null)?.click();
  el.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
}
