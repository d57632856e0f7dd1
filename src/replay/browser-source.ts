import type { Browser } from 'playwright';
import { chromium } from './playwright.js';
import { findChromium, launchedExecutable, launchOptions, type LaunchChoices } from './browser.js';
import { DEFAULT_CONNECT_TIMEOUT_MS } from '../ir/defaults.js';

// Where a run's browsers come from, apart from the replay engine so the run command can start
// launching Chromium before it loads the rest of its modules and opens the dataset.

/** Which browser a run used: the local executable, or the remote endpoint it connected to. */
export interface BrowserInfo {
  source: string;
  executablePath: string;
  version: string;
}

/** How a run reaches its browsers: launched locally, or over a Playwright ws endpoint. */
export interface ConnectChoices {
  /** A Playwright browser-server ws endpoint: each worker connects to it instead of launching Chromium. */
  connect?: string;
  /** Connect timeout, ms (default 30000). */
  connectTimeoutMs?: number;
}

/** Where a worker's browser comes from: launched locally, or connected to over a ws endpoint. */
export interface BrowserSource {
  open(): Promise<Browser>;
  info(browser: Browser): BrowserInfo;
}

/**
 * The browser source a run uses. Launching resolves the executable now, so a missing browser
 * stops the run (BrowserNotFound) before any episode is touched.
 */
export function browserSource(options: LaunchChoices & ConnectChoices): BrowserSource {
  if (options.connect) {
    const endpoint = options.connect;
    return {
      open: () => chromium.connect(endpoint, { timeout: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS, slowMo: options.slowMo }),
      info: (b) => ({ source: 'remote', executablePath: redactEndpoint(endpoint), version: b.version() }),
    };
  }
  const choice = findChromium();
  return {
    open: () => chromium.launch(launchOptions(choice, options)),
    info: (b) => ({ source: choice.source, executablePath: launchedExecutable(choice, options), version: b.version() }),
  };
}

/**
 * A browser started before the work is known: launching takes longer than opening a dataset and
 * decoding its first episode, so the run starts both at once. The first worker adopts it;
 * `discard()` closes it when nothing is replayed. Its launch error, if any, surfaces where that
 * worker would have launched.
 */
export class EarlyBrowser {
  private pending: Promise<Browser> | undefined;

  constructor(source: BrowserSource) {
    this.pending = source.open();
    this.pending.catch(() => undefined); // reported when adopted
  }

  /** The launch in flight, once (undefined after it was taken or discarded). */
  take(): Promise<Browser> | undefined {
    const pending = this.pending;
    this.pending = undefined;
    return pending;
  }

  async discard(): Promise<void> {
    await this.take()?.then(
      (b) => b.close(),
      () => undefined,
    );
  }
}

/**
 * Starts launching (or connecting to) the browser a run will use, or undefined when there is
 * none to start (no Chromium: the run says so when it launches for real).
 */
export function startEarlyBrowser(options: LaunchChoices & ConnectChoices): EarlyBrowser | undefined {
  try {
    return new EarlyBrowser(browserSource(options));
  } catch {
    return undefined;
  }
}

/**
 * A ws endpoint as logs and summary.json show it: scheme, host and port only. Grids carry tokens
 * in the query, and a `launchServer()` endpoint's path is its secret.
 */
export function redactEndpoint(endpoint: string): string {
  try {
    const u = new URL(endpoint);
    return `${u.protocol}//${u.host}${u.pathname && u.pathname !== '/' ? '/…' : '/'}`;
  } catch {
    return '(ws endpoint)';
  }
}
