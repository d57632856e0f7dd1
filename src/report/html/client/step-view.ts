import type { EpisodeResult, StepResult } from '../../../ir/results.js';
import { append, h, type Child } from './dom.js';
import { shot, sliderView } from './screenshots.js';
import { dur, fig, pct } from './text.js';
import { badge, chip } from './widgets.js';

// One step of the timeline: its head (number, description, chips, status) and, built on first
// open, its details (failure, facts, before-state comparison, screenshots, dumps).

const FOUND_BY: Record<string, string> = {
  recorded: 'recorded selector',
  alternative: 'alternative locator',
  'normalized-name': 'normalized name',
  similarity: 'similarity match',
};

export function stepView(s: StepResult, r: EpisodeResult, href: (p: string | undefined) => string | undefined): HTMLElement {
  const c = s.compare;
  // Open from the start: where the episode stopped and where it first diverged. Drifted steps
  // are marked (dot and chip) but stay closed, or a long episode would open everything.
  const interesting = s.status === 'failed' || s.status === 'needs-input' || s.index === r.failedStep || s.index === r.firstDivergence;
  const chips: Child[] = [chip(s.action, 'c-action')];
  if (s.page && s.page !== 'page') chips.push(chip(s.page, 'c-page', 'page'));
  if (s.resolvedBy)
    chips.push(
      chip(
        `${FOUND_BY[s.resolvedBy] ?? s.resolvedBy}${s.score !== undefined && s.resolvedBy !== 'recorded' ? ` · ${fig(s.score)}` : ''}`,
        s.resolvedBy === 'recorded' ? 'c-found' : 'c-healed',
        'how the target was found',
      ),
    );
  if (c) chips.push(chip(c.verdict, `v-${c.verdict}`, 'before-state compared with the recording'));
  if (s.downloads?.length) chips.push(chip(`${s.downloads.length} download${s.downloads.length > 1 ? 's' : ''}`, 'c-dl'));
  const body = h('div', { class: 'step-body' });
  const head = h(
    'button',
    { type: 'button', class: 'step-head', 'aria-expanded': 'false' },
    h('span', { class: 'dot' }, s.index + 1),
    h(
      'span',
      { class: 'step-title' },
      h('span', { class: 'desc', 'data-testid': 'step-description' }, s.description),
      h('span', { class: 'chips' }, chips),
    ),
    h(
      'span',
      { class: 'step-status' },
      s.status !== 'passed' ? badge(s.status) : null,
      h('span', { class: 'muted' }, dur(s.durationMs ?? 0)),
    ),
  );
  const li = h(
    'li',
    { class: `step s-${s.status}${c ? ` v-${c.verdict}` : ''}`, 'data-testid': 'step', 'data-index': s.index, 'data-status': s.status },
    head,
    body,
  );
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
    out.push(
      h(
        'div',
        { class: `problem s-${s.status}` },
        s.reason ? h('span', { class: 'reason', 'data-testid': 'step-reason' }, s.reason) : null,
        s.message ? h('pre', { class: 'message', 'data-testid': 'step-message' }, s.message) : null,
      ),
    );
  }

  const facts: Child[] = [];
  const fact = (k: string, v: Child) => facts.push(h('dt', null, k), h('dd', null, v));
  if (s.recordedStep !== undefined) fact('recorded step', String(s.recordedStep));
  if (s.url) fact('URL after', h('code', null, s.url));
  if (s.resolvedBy) fact('target found by', `${s.resolvedBy}${s.score !== undefined ? ` (score ${fig(s.score)})` : ''}`);
  if (s.target?.frame) fact('in frame', h('code', null, s.target.frame));
  if (s.target?.revealedByHover) fact('revealed', 'by hovering its container');
  if (s.target?.evidence?.length)
    fact(
      'because',
      h(
        'ul',
        { class: 'evidence' },
        s.target.evidence.map((e) => h('li', null, e)),
      ),
    );
  if (s.target?.candidates?.length) {
    fact(
      'closest candidates',
      h(
        'table',
        { class: 'candidates' },
        h(
          'tbody',
          null,
          s.target.candidates.map((x) => h('tr', null, h('td', null, x.name), h('td', { class: 'num' }, fig(x.score)))),
        ),
      ),
    );
  }
  if (s.notes?.length)
    fact(
      'notes',
      h(
        'ul',
        null,
        s.notes.map((x) => h('li', null, x)),
      ),
    );
  if (s.effect) fact('effect', h('span', { 'data-testid': 'step-effect' }, `${s.effect.status}: ${s.effect.detail}`));
  if (s.downloads?.length)
    fact(
      'downloads',
      h(
        'ul',
        null,
        s.downloads.map((p) => h('li', null, h('a', { href: href(p), target: '_blank' }, p))),
      ),
    );
  if (facts.length) out.push(h('dl', { class: 'facts' }, facts));

  const c = s.compare;
  if (c) {
    const figs: Child[] = [];
    const f = (k: string, v: string, bad = false) =>
      figs.push(h('div', { class: `figure ${bad ? 'bad' : ''}` }, h('span', { class: 'fig-v' }, v), h('span', { class: 'fig-k' }, k)));
    if (c.pixelRatio !== undefined) f('pixels differ', pct(c.pixelRatio));
    if (c.shiftPx !== undefined) f('vertical shift', `${c.shiftPx} px`, c.shiftPx !== 0);
    if (c.textSimilarity !== undefined) f('text similarity', fig(c.textSimilarity));
    if (c.structureSimilarity !== undefined) f('structure similarity', fig(c.structureSimilarity));
    if (c.target)
      f(
        'target recorded / live',
        `${c.target.recorded ? 'yes' : 'no'} / ${c.target.live ? 'yes' : 'no'}`,
        c.target.recorded && !c.target.live,
      );
    out.push(
      h(
        'div',
        { class: 'compare', 'data-testid': 'compare' },
        h(
          'h4',
          null,
          'Before-state vs the recording ',
          h('span', { class: `chip v-${c.verdict}`, 'data-testid': 'verdict' }, c.verdict),
          (c.reasons ?? []).map((x) => h('span', { class: 'chip c-why' }, x)),
        ),
        figs.length ? h('div', { class: 'figures' }, figs) : null,
        c.url
          ? h(
              'p',
              { class: `urls ${c.url.same ? '' : 'bad'}` },
              'recorded ',
              h('code', null, c.url.recorded),
              c.url.same ? ' = ' : ' ≠ ',
              'live ',
              h('code', null, c.url.live),
            )
          : null,
      ),
    );
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
      const tabs = h(
        'div',
        { class: 'seg small' },
        h('button', { type: 'button', class: 'seg-btn on', 'data-view': 'side' }, 'side by side'),
        h('button', { type: 'button', class: 'seg-btn', 'data-view': 'slider' }, 'slider'),
      );
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
  if (c?.html?.recorded)
    dumps.push(h('li', null, h('a', { href: href(c.html.recorded), target: '_blank', 'data-kind': 'recorded-html' }, 'recorded HTML')));
  if (c?.html?.live)
    dumps.push(h('li', null, h('a', { href: href(c.html.live), target: '_blank', 'data-kind': 'live-html' }, 'live HTML')));
  if (c?.images?.fullPage)
    dumps.push(h('li', null, h('a', { href: href(c.images.fullPage), target: '_blank', 'data-kind': 'live-full-page' }, 'live full page')));
  if (c?.aria)
    dumps.push(h('li', null, h('a', { href: href(c.aria), target: '_blank', 'data-kind': 'live-aria' }, 'live accessibility tree')));
  if (dumps.length) out.push(h('ul', { class: 'links inline' }, dumps));
  if (!out.length) out.push(h('p', { class: 'muted' }, s.status === 'skipped' ? 'Not run.' : 'Nothing more recorded for this step.'));
  return out;
}
