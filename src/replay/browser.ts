import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { LaunchOptions } from 'playwright';
import { chromium } from './playwright.js';
import { WEBRTC_SEALED_LAUNCH_ARG } from './sandbox/webrtc.js';

/** Which Chromium a run uses, and why that one. */
export interface BrowserChoice {
  executablePath: string;
  source: 'playwright' | 'env' | 'system';
  /**
   * The system's old-headless build of the same Chromium (Debian's `chromium-headless-shell`),
   * used for headless runs. It is what Playwright itself runs headless when it installed the
   * browser: here it launches in ~160 ms instead of ~440 and opens a context and page in ~125 ms
   * instead of ~415, because it carries no browser UI (bench/, docs/benchmarks.md).
   */
  headlessShell?: string;
}

const BROWSER_ENV = 'REPLAYWRIGHT_CHROMIUM';

// The binary before Debian's /usr/bin wrapper, which runs it as a child instead of exec'ing it:
// a signal to the process we launched would then miss the browser.
const SYSTEM_SHELL_PATHS = ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium-headless-shell'];

const SYSTEM_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'];
const SYSTEM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/snap/bin/chromium',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

/**
 * Finds a Chromium in the documented order: the one Playwright installed (`npx playwright
 * install`), then `REPLAYWRIGHT_CHROMIUM`, then a system Chromium or Chrome (with its headless
 * shell beside it when installed; the env var is taken exactly as given). Throws with what to
 * install when there is none, and when the env var names a file that is not there, since a
 * silently ignored setting is worse than a stop.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): BrowserChoice {
  const bundled = playwrightChromium();
  if (bundled) return { executablePath: bundled, source: 'playwright' };
  const fromEnv = env[BROWSER_ENV];
  if (fromEnv) {
    if (!isExecutable(fromEnv)) throw new BrowserNotFound(`${BROWSER_ENV}=${fromEnv} is not an executable file.`);
    return { executablePath: fromEnv, source: 'env' };
  }
  const system = SYSTEM_PATHS.find(isExecutable) ?? onPath(SYSTEM_NAMES, env.PATH ?? '');
  if (system) {
    const shell = SYSTEM_SHELL_PATHS.find(isExecutable) ?? onPath(['chromium-headless-shell'], env.PATH ?? '');
    return { executablePath: system, source: 'system', ...(shell ? { headlessShell: shell } : {}) };
  }
  throw new BrowserNotFound(
    'No Chromium found. Install one of: `npx playwright install chromium` (where downloads work), ' +
      'Debian/Ubuntu `apt-get install -y chromium`, or Google Chrome; or set ' +
      `${BROWSER_ENV}=/path/to/chrome. \`npm run setup\` does the apt-get install when run as root on Debian.`,
  );
}

export class BrowserNotFound extends Error {}

function playwrightChromium(): string | undefined {
  try {
    const path = chromium.executablePath();
    return path && isExecutable(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

function onPath(names: string[], pathVar: string): string | undefined {
  for (const dir of pathVar.split(delimiter).filter(Boolean)) {
    for (const name of names) {
      const candidate = join(dir, name);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return undefined;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return existsSync(path);
  } catch {
    return false;
  }
}

export interface LaunchChoices {
  headed?: boolean;
  slowMo?: number;
  /**
   * The caller handles SIGINT/SIGTERM/SIGHUP itself (the run command flushes its reports first):
   * Playwright's handlers, which close the browsers and exit, stay off.
   */
  ownSignals?: boolean;
  /** The run's pages are sealed from the network (snapshot, --offline, --har): WebRTC sends no UDP either. */
  sealedNetwork?: boolean;
}

/**
 * Launch flags: without the background-networking ones Chromium keeps dialing Google services,
 * which on a sealed machine means refused connections and noise at every start; the sandbox
 * cannot start as root, which is how CI and containers run us.
 */
export function launchOptions(choice: BrowserChoice, opts: LaunchChoices = {}): LaunchOptions {
  const args = ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
  if (process.getuid?.() === 0) args.push('--no-sandbox');
  if (opts.sealedNetwork) args.push(WEBRTC_SEALED_LAUNCH_ARG);
  // The headless shell keeps cross-site frames in their page's process unless told; Chrome, where
  // recordings are made, isolates them, and a DevTools `target` names such a frame's process.
  if (launchedExecutable(choice, opts) !== choice.executablePath) args.push('--site-per-process');
  return {
    executablePath: launchedExecutable(choice, opts),
    headless: !opts.headed,
    slowMo: opts.slowMo,
    args,
    ...(opts.ownSignals ? { handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false } : {}),
  };
}

/** The executable a launch with these choices runs: the headless shell unless a window is wanted. */
export function launchedExecutable(choice: BrowserChoice, opts: Pick<LaunchChoices, 'headed'> = {}): string {
  return !opts.headed && choice.headlessShell ? choice.headlessShell : choice.executablePath;
}
