import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { runCommand } from './run.js';

/** The fixture site's origin when its episodes were recorded (scripts/record-fixtures.mjs). */
export const RECORDED_ORIGIN = 'http://127.0.0.1:38080';
export const DEMO_PARAMS = { verification_code: '482915' };

const fixtures = (path: string) => fileURLToPath(new URL(`../../fixtures/${path}`, import.meta.url));

/** Serves the bundled site on a free port and replays the bundled recordings against it. */
export async function demoCommand(args: { out: string; timeoutMs: number; headed: boolean }, log: Logger): Promise<number> {
  const { startFixtureServer } = (await import(fixtures('server.mjs'))) as {
    startFixtureServer(o?: { root?: string }): Promise<{ url: string; close(): Promise<void> }>;
  };
  const server = await startFixtureServer();
  console.log(`fixture site: ${server.url}  (recorded at ${RECORDED_ORIGIN})`);
  try {
    const code = await runCommand(
      {
        config: {
          dataset: fixtures('rpaweb'),
          out: args.out,
          mapUrl: [`${RECORDED_ORIGIN}=${server.url}`],
          param: Object.entries(DEMO_PARAMS).map(([name, value]) => `${name}=${value}`),
          timeout: args.timeoutMs,
          headed: args.headed,
        },
      },
      log,
    );
    // Episodes that do not pass are findings the demo is there to show, not a failed demo;
    // only a run that could not happen (no browser, unreadable fixtures) fails it.
    if (code === 1) console.log('demo: the episodes marked FAIL show how a broken step is reported (reason and step above).');
    return code === 1 ? 0 : code;
  } finally {
    await server.close();
  }
}
