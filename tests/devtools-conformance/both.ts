import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from '@playwright/test';
import type { Browser } from 'playwright';
import { loadDataset } from '../../src/formats/load-dataset.js';
import type { EpisodeResult } from '../../src/ir/results.js';
import { findChromium, launchOptions } from '../../src/replay/browser.js';
import { DEFAULT_REPLAY_OPTIONS, runEpisode } from '../../src/replay/run-episode.js';
import { ReplaySession } from '../../src/replay/session.js';
import { FIXTURES, serveSite, tempDir, type FixtureServer } from '../support/fixture-site.js';
import { launch } from '../support/replay.js';

// One DevTools Recorder flow, replayed by replaywright and by @puppeteer/replay 3.1.3 (the peer,
// driving the same Chromium through puppeteer-core), each in a fresh context on the same local
// pages; afterwards the same expression is evaluated on each one's main page.

/** The little of puppeteer-core and @puppeteer/replay these tests use (typed here: the packages may live in bench/). */
export interface PpPage {
  evaluate(expression: string): Promise<unknown>;
  goto(url: string): Promise<unknown>;
  /** Puppeteer's own query, `text/…` and `aria/…` included. */
  $$(selector: string): Promise<{ evaluate(fn: (el: Element) => string): Promise<string> }[]>;
}
interface PpContext {
  newPage(): Promise<PpPage>;
  close(): Promise<void>;
  pages(): Promise<PpPage[]>;
}
export interface PpBrowser {
  createBrowserContext(): Promise<PpContext>;
  close(): Promise<void>;
}
export interface Peer {
  puppeteer: { launch(o: Record<string, unknown>): Promise<PpBrowser> };
  replay: {
    createRunner(flow: unknown, extension: unknown): Promise<{ run(): Promise<boolean> }>;
    PuppeteerRunnerExtension: new (browser: PpBrowser, page: PpPage, o: { timeout: number }) => unknown;
  };
}

const ROOT = join(FIXTURES, '..');

/**
 * The peer from the root devDependencies (CI), else from bench/ (`npm --prefix bench install`).
 * Imported by a computed name so typechecking does not need either install.
 */
export async function loadPeer(): Promise<Peer> {
  const from = async (name: string) => {
    try {
      return await import(name);
    } catch {
      const local = join(ROOT, 'bench', 'node_modules', name);
      if (!existsSync(local))
        throw new Error(`${name} is not installed: run \`npm ci\` (root devDependencies) or \`npm --prefix bench install\``);
      const pkg = (await import(pathToFileURL(join(local, 'package.json')).href, { with: { type: 'json' } })).default as {
        exports?: Record<string, { import?: string | { default?: string } }>;
        module?: string;
        main?: string;
      };
      const entry = pkg.exports?.['.']?.import;
      const file = typeof entry === 'string' ? entry : (entry?.default ?? pkg.module ?? pkg.main ?? 'index.js');
      return await import(pathToFileURL(join(local, file)).href);
    }
  };
  const puppeteer = await from('puppeteer-core');
  return { puppeteer: puppeteer.default ?? puppeteer, replay: await from('@puppeteer/replay') };
}

export interface BothResult {
  ours: EpisodeResult;
  /** What `probe` returned on our main page after the flow (undefined when the flow did not decode). */
  oursState: unknown;
  /** The peer's error message, undefined when it played the whole flow. */
  peerError: string | undefined;
  peerState: unknown;
  /** Pages each left open at the end. */
  oursPages: number;
  peerPages: number;
}

export interface Conformance {
  readonly site: string;
  /**
   * Replays `flow` both ways, its `{{ORIGIN}}` replaced by the served fixtures' origin and
   * `{{OTHER}}` by the same pages' other origin (another host and port on loopback: another site,
   * so Chrome puts a frame from it in a process of its own).
   */
  run(flow: { title: string; timeout?: number; steps: unknown[] }, probe: string, timeoutMs?: number): Promise<BothResult>;
}

/** Serves fixtures/devtools/conformance, launches one Chromium for us and one for the peer, for the spec file. */
export function useConformance(): Conformance {
  let server: FixtureServer | undefined;
  let other: FixtureServer | undefined;
  let browser: Browser | undefined;
  let peer: Peer | undefined;
  let ppBrowser: PpBrowser | undefined;
  test.beforeAll(async () => {
    server = await serveSite(join(FIXTURES, 'devtools', 'conformance'));
    const { startFixtureServer } = (await import(join(FIXTURES, 'server.mjs'))) as {
      startFixtureServer(o: { root: string; host: string }): Promise<FixtureServer>;
    };
    other = await startFixtureServer({ root: join(FIXTURES, 'devtools', 'conformance'), host: 'localhost' });
    browser = await launch();
    peer = await loadPeer();
    const chromium = findChromium();
    ppBrowser = await peer.puppeteer.launch({
      executablePath: chromium.executablePath,
      headless: true,
      args: launchOptions(chromium).args,
      defaultViewport: { width: 1280, height: 720 },
    });
  });
  test.afterAll(async () => {
    await browser?.close();
    await ppBrowser?.close();
    await server?.close();
    await other?.close();
  });
  return {
    get site() {
      return server!.url;
    },
    async run(rawFlow, probe, timeoutMs = 4000) {
      const flow = JSON.parse(
        JSON.stringify(rawFlow).replaceAll('{{ORIGIN}}', server!.url).replaceAll('{{OTHER}}', other!.url),
      ) as typeof rawFlow;
      const dir = tempDir('rw-conformance-');
      writeFileSync(join(dir, 'flow.json'), JSON.stringify(flow, null, 2));
      const data = await loadDataset(dir, { format: 'devtools-recorder' });
      const episode = data.episodes[0];
      let ours: EpisodeResult;
      let oursState: unknown;
      let oursPages = 0;
      if (!episode) {
        ours = {
          episode: flow.title,
          status: 'error',
          reason: 'invalid-input',
          message: data.problems.map((p) => p.message).join('; '),
          steps: [],
        } as unknown as EpisodeResult;
      } else {
        const session = await ReplaySession.open(
          browser!,
          { ...DEFAULT_REPLAY_OPTIONS.defaultViewport, deviceScaleFactor: 1, chosenBy: 'default' },
          timeoutMs,
        );
        try {
          ours = await runEpisode(
            browser!,
            episode,
            { ...DEFAULT_REPLAY_OPTIONS, out: join(dir, 'out'), timeoutMs, compare: { ...DEFAULT_REPLAY_OPTIONS.compare, mode: 'off' } },
            session,
          );
          const main = session.pages.get('page');
          oursState = main ? await main.evaluate(probe).catch((e: Error) => `probe failed: ${e.message}`) : 'main page closed';
          oursPages = session.pages.openPages().length;
        } finally {
          await session.close();
        }
      }
      const context = await ppBrowser!.createBrowserContext();
      let peerError: string | undefined;
      let peerState: unknown;
      let peerPages = 0;
      try {
        const page = await context.newPage();
        const runner = await peer!.replay.createRunner(
          flow,
          new peer!.replay.PuppeteerRunnerExtension(ppBrowser!, page, { timeout: timeoutMs }),
        );
        peerError = await runner.run().then(
          () => undefined,
          (e: Error) => e.message.split('\n')[0],
        );
        peerState = await page.evaluate(probe).catch((e: Error) => `probe failed: ${e.message}`);
        peerPages = (await context.pages()).length;
      } finally {
        await context.close();
      }
      return { ours, oursState, peerError, peerState, oursPages, peerPages };
    },
  };
}

/**
 * The flow's first steps: the viewport both start with, and the page. The navigation has a
 * recorded timeout of its own, so a loaded machine does not fail it where a test gives the
 * run a short one for the step under test.
 */
export function opening(page: string): unknown[] {
  return [
    { type: 'setViewport', width: 1280, height: 720, deviceScaleFactor: 1, isMobile: false, hasTouch: false, isLandscape: false },
    { type: 'navigate', url: `{{ORIGIN}}/${page}`, timeout: 10_000, assertedEvents: [{ type: 'navigation', url: `{{ORIGIN}}/${page}` }] },
  ];
}

/** Our result in one line, for assertion messages. */
export function said(r: BothResult): string {
  return `ours: ${r.ours.status} ${r.ours.message ?? ''} | peer: ${r.peerError ?? 'passed'}`;
}
