import type { Browser } from 'playwright';
import type { Episode } from '../src/ir/index.js';
import { chooseViewport } from '../src/replay/choose-viewport.js';
import { ReplaySession } from '../src/replay/session.js';
import type { ReplayOptions } from '../src/replay/run-episode.js';

/**
 * The live session the turns of a continues-chain (MT-Mind2Web) share, as `replaywright run`
 * shares it (replay/workers.ts runChain): each turn is its own test, and the chain's tests run
 * in order on one worker, so the session outlives one test and is closed after the chain's last.
 */
export class ChainSession {
  private session: ReplaySession | undefined;

  /**
   * The session `episode` runs in: the one its predecessor left, a new one when a later turn
   * will continue it, else none (a fresh context of its own). A turn whose predecessor is in
   * the chain but did not leave a session here (it was not run in this worker, or its browser
   * died) throws: replayed from the start URL it would fail with a misleading target-not-found.
   */
  async for(browser: Browser, episode: Episode, chain: readonly Episode[], options: ReplayOptions): Promise<ReplaySession | undefined> {
    const lost = this.session && !this.session.alive;
    if (this.session && (episode.continues === undefined || episode.continues !== this.session.last || lost)) await this.close();
    if (!this.session && episode.continues !== undefined && chain.some((e) => e.id === episode.continues)) {
      const why = lost
        ? `the browser session ${episode.continues} left was lost (the browser closed or crashed)`
        : `${episode.continues} did not run before it in this worker (filtered out by --grep/--shard/--last-failed, or a retry of this turn alone)`;
      throw new Error(
        `${episode.id} continues ${episode.continues} and starts on the page that turn left, but ${why}: run the whole chain ("${chain[0]!.id} (chain)")`,
      );
    }
    if (!this.session && chain.some((e) => e.continues === episode.id)) {
      this.session = await ReplaySession.open(browser, await chooseViewport(browser, episode, options), options.timeoutMs, options);
    }
    return this.session;
  }

  async close(): Promise<void> {
    await this.session?.close();
    this.session = undefined;
  }
}
