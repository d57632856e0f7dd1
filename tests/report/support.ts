import { RECORDED_ORIGIN } from '../../src/commands/demo.js';
import { rejectedResult } from '../../src/results/rejected.js';
import type { EpisodeResult, RunSummary } from '../../src/ir/results.js';
import { ResultsWriter } from '../../src/results/writer.js';
import { DEFAULT_REPLAY_OPTIONS, runEpisode } from '../../src/replay/run-episode.js';
import { changedSiteCopy, RPAWEB_FIXTURES, serveSite, tempDir } from '../support/fixture-site.js';
import { fixtureEpisode, launch, replayFixture } from '../support/replay.js';

/** An instruction that would run script if any report put it into the page as markup. */
export const EVIL = `<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">`;
/** An episode id with markup and characters that need care in paths and URLs. */
export const EVIL_ID = 'library <b>bold</b> & "quoted" #1?x=%41';
export const BROKEN_ROW = 'broken-row@1.49';

export interface RealRun {
  out: string;
  results: EpisodeResult[];
  summary: RunSummary;
}

/**
 * A results folder written the way `run` writes one, from real replays in headless Chromium:
 * a passing episode, a failing one (the site renamed the submit button and `strict` finds
 * targets by the recorded selector only), a passing one whose id and instruction carry markup,
 * and one that could not be decoded (error).
 */
export async function realRun(): Promise<RealRun> {
  const browser = await launch();
  const site = await serveSite();
  const broken = await serveSite(changedSiteCopy('tax/index.html', 'Submit declaration', 'Send declaration'));
  const out = tempDir('rw-report-');
  const writer = new ResultsWriter(out);
  const results: EpisodeResult[] = [];
  const add = (r: EpisodeResult) => {
    // replayFixture adds `out` to what it returns; the results file has only the contract's fields.
    const { out: _o, ...result } = r as EpisodeResult & { out?: string };
    writer.add(result);
    results.push(result);
  };
  try {
    add(await replayFixture(browser, 'library-save-record@1.49', site.url, { out }));
    add(await replayFixture(browser, 'tax-submit-declaration@1.49', broken.url, { out, strict: true }));
    const evil = { ...(await fixtureEpisode('library-save-record@1.49')), id: EVIL_ID, instruction: EVIL };
    add(
      await runEpisode(browser, evil, {
        ...DEFAULT_REPLAY_OPTIONS,
        timeoutMs: 3000,
        out,
        urlMappings: [{ from: RECORDED_ORIGIN, to: site.url }],
      }),
    );
    add(
      rejectedResult({
        id: BROKEN_ROW,
        format: 'rpaweb',
        source: { file: `${RPAWEB_FIXTURES}/broken.jsonl`, line: 3 },
        problems: [
          {
            file: `${RPAWEB_FIXTURES}/broken.jsonl`,
            line: 3,
            field: 'json_data',
            message: 'invalid JSON: Unexpected end of input <oops> \u0007',
            severity: 'error',
          },
        ],
      }),
    );
  } finally {
    await browser.close();
    await site.close();
    await broken.close();
  }
  const summary = writer.finish({ dataset: RPAWEB_FIXTURES, problems: results.flatMap((r) => r.problems ?? []) });
  return { out, results, summary };
}
