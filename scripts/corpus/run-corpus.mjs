// Replays the corpus recordings (fixtures/corpus-recordings/<app>/) on every pinned release of
// their app and judges each replay by the app's own end state (scripts/corpus/flows.mjs). The
// engine is passed in — src/ from the test suite, dist/ from scripts/corpus-table.mjs — so both
// measure the same code they run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS, serveApp } from './apps.mjs';
import { FLOWS } from './flows.mjs';

export const RECORDINGS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/corpus-recordings');

/**
 * @param engine { loadDataset, runEpisode, DEFAULT_REPLAY_OPTIONS, browser }
 * @param dirs   { app: { version: packageDir } } from fetchCorpus()
 * `shape` replays only the recordings of one recorder (`1.65`, `1.49`).
 * @returns one row per replay: { app, release, sameRelease, episode, status, reason, failedStep,
 *          reproduced, why, diverged, drift, steps }
 */
export async function runCorpus(engine, dirs, { apps = Object.keys(APPS), releases, shape, timeoutMs = 5000, compare, onRow } = {}) {
  const rows = [];
  for (const appName of apps) {
    const app = APPS[appName];
    const { episodes } = await engine.loadDataset(path.join(RECORDINGS, appName));
    const flows = new Map(FLOWS[appName].map((f) => [f.id, f]));
    for (const release of releases ?? Object.keys(app.releases)) {
      const server = await serveApp(appName, dirs[appName][release]);
      try {
        for (const episode of episodes.filter((e) => !shape || e.id.endsWith(`@${shape}`))) {
          const flow = flows.get(episode.id.replace(`${appName}-`, '').replace(/@.*$/, ''));
          if (!flow) throw new Error(`${episode.id}: no flow in scripts/corpus/flows.mjs judges this episode`);
          server.log.length = 0;
          const out = fs.mkdtempSync(path.join(os.tmpdir(), 'rw-corpus-'));
          const result = await engine.runEpisode(engine.browser, episode, {
            ...engine.DEFAULT_REPLAY_OPTIONS,
            // `off`: the before-state comparison skipped, as a fast regression run has it.
            ...(compare ? { compare: { ...engine.DEFAULT_REPLAY_OPTIONS.compare, mode: compare } } : {}),
            timeoutMs,
            urlMappings: [{ from: `http://127.0.0.1:${app.port}`, to: server.url }],
            out,
          });
          // The editor reports its document with a fetch on change: let the last one land (up to 3 s
          // on a loaded machine). A wrong end state stays wrong however long it is given.
          let judged = flow.judge(server.log);
          for (const until = Date.now() + 3000; !judged.ok && Date.now() < until; judged = flow.judge(server.log))
            await new Promise((r) => setTimeout(r, 100));
          fs.rmSync(out, { recursive: true, force: true });
          const row = {
            app: appName,
            release,
            sameRelease: release === app.recordedOn,
            episode: episode.id,
            status: result.status,
            reason: result.reason,
            failedStep:
              result.failedStep === undefined
                ? undefined
                : {
                    step: result.failedStep + 1,
                    message: result.steps[result.failedStep]?.message,
                    action: result.steps[result.failedStep]?.description,
                  },
            reproduced: judged.ok,
            why: judged.why,
            steps: result.steps.length,
            diverged: result.steps.filter((s) => s.compare?.verdict === 'diverged').length,
            drift: result.steps.filter((s) => s.compare?.verdict === 'drift').length,
            // Passed steps that could not check their effect (a click the page showed no answer to).
            unverifiedSteps: result.steps
              .filter((s) => s.status === 'passed' && s.effect?.status === 'unverified')
              .map((s) => ({ step: s.index + 1, action: s.description, why: s.effect.detail })),
            checkedSteps: result.steps
              .filter((s) => s.status === 'passed' && s.effect?.status === 'checked')
              .map((s) => ({ step: s.index + 1, action: s.description, why: s.effect.detail })),
            divergedSteps: result.steps
              .filter((s) => s.compare?.verdict === 'diverged' || s.compare?.verdict === 'drift')
              .map((s) => ({ step: s.index + 1, verdict: s.compare.verdict, reasons: s.compare.reasons })),
          };
          rows.push(row);
          onRow?.(row);
        }
      } finally {
        await server.close();
      }
    }
  }
  return rows;
}

/** Per app and release: episodes, reproduced, passed, false alarms, silent-wrong, steps, steps unverified, steps diverged/drift. */
export function corpusTable(rows) {
  const groups = new Map();
  for (const r of rows) {
    const key = `${r.app}@${r.release}`;
    if (!groups.has(key))
      groups.set(key, {
        app: r.app,
        release: r.release,
        same: r.sameRelease,
        episodes: 0,
        reproduced: 0,
        passed: 0,
        falseAlarms: 0,
        silentWrong: 0,
        steps: 0,
        unverified: 0,
        diverged: 0,
        drift: 0,
      });
    const g = groups.get(key);
    g.episodes++;
    g.steps += r.steps;
    g.unverified += r.unverifiedSteps.length;
    if (r.reproduced) g.reproduced++;
    if (r.status === 'passed') g.passed++;
    if (r.reproduced && r.status !== 'passed') g.falseAlarms++;
    if (!r.reproduced && r.status === 'passed') g.silentWrong++;
    g.diverged += r.diverged;
    g.drift += r.drift;
  }
  return [...groups.values()];
}

export function formatTable(groups) {
  const head = [
    'app',
    'release',
    'episodes',
    'reproduced',
    'passed',
    'false alarms',
    'silent-wrong',
    'steps',
    'unverified',
    'diverged',
    'drift',
  ];
  const lines = groups.map((g) =>
    [
      g.app,
      `${g.release}${g.same ? ' (recorded)' : ''}`,
      g.episodes,
      g.reproduced,
      g.passed,
      g.falseAlarms,
      g.silentWrong,
      g.steps,
      g.unverified,
      g.diverged,
      g.drift,
    ].map(String),
  );
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [fmt(head), fmt(widths.map((w) => '-'.repeat(w))), ...lines.map(fmt)].join('\n');
}
