import { append, h } from './dom.js';
import { reportIndex } from './data.js';
import { showEpisode } from './episode-view.js';
import { parseFilters } from './filters.js';
import { showList } from './list-view.js';
import type { ReportView } from './view.js';

/**
 * The report page's script, bundled into one inline script (scripts/build-report-client.mjs)
 * and run in the browser. Routes: `#/?filters` is the episode list, `#/e/N` one episode.
 */
const app = document.getElementById('app') as HTMLElement;
const index = reportIndex();
if (!index) {
  append(app, [
    h(
      'div',
      { class: 'panel error-panel' },
      h('h2', null, 'No report data'),
      h('p', null, 'report/data/index.js is missing or could not be read. Rebuild it with `replaywright report <out>`.'),
    ),
  ]);
} else {
  const view: ReportView = { app, index, byN: new Map(index.episodes.map((e) => [e.n, e])), lastList: '#/' };
  const route = (): void => {
    const hash = location.hash.replace(/^#/, '') || '/';
    const m = /^\/e\/(\d+)$/.exec(hash);
    window.scrollTo(0, 0);
    if (m) {
      void showEpisode(view, Number(m[1]));
    } else {
      view.lastList = `#${hash}`;
      showList(view, parseFilters(hash.split('?')[1] ?? ''));
    }
  };
  window.addEventListener('hashchange', route);
  route();
}
