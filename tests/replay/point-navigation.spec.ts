import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Browser } from 'playwright';
import { createVisualWebArenaFormat } from '../../src/formats/visualwebarena.js';
import { DEFAULT_REPLAY_OPTIONS, runEpisode } from '../../src/replay/run-episode.js';
import { tempDir } from '../support/fixture-site.js';
import { launch } from '../support/replay.js';

// A click at a recorded point (VWA element_id) does not wait for the navigation it starts, as a
// locator click does. A server that answers slowly (a loaded machine, a slow site) made the step
// return on the old page: its result named the old URL and the next step acted there.

const SLOW_MS = 1500;
let server: Server;
let origin: string;
let browser: Browser;

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const page = (body: string) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>t</title><body style="margin:0">${body}</body>`);
    if (req.url === '/slow') setTimeout(() => page('<h1>Arrived</h1>'), SLOW_MS);
    else if (req.url === '/download')
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-disposition': 'attachment; filename="a.bin"' }).end('x');
    else
      page(
        '<a href="/slow" style="position:absolute;left:100px;top:100px;width:100px;height:20px;display:block">Slow page</a><a href="/download" style="position:absolute;left:100px;top:200px;width:100px;height:20px;display:block">Get file</a>',
      );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launch();
});

test.afterAll(async () => {
  await browser?.close();
  await new Promise((r) => server.close(r));
});

/** A one-step Recon-Act trajectory: CLICK [1] on the link drawn at (100, top). */
async function clickLink(name: string, top: number) {
  const dir = tempDir('rw-point-nav-');
  const box = [100, top, 100, 20];
  const step = {
    info: {
      fail_error: '',
      observation_metadata: {
        text: {
          url: `${origin}/`,
          obs_nodes_info: { 1: { backend_id: 11, union_bound: box, text: `[1] link '${name}'` } },
          tabs: ['Tab 0 (current): t'],
        },
        image: { obs_nodes_info: { 1: box } },
      },
      intent: 'follow the link',
      input_images: [],
      ss_ori: '',
      ss_som: '',
    },
    action: {
      action_type: 6,
      coords: [0, 0],
      element_role: 0,
      element_name: '',
      text: [],
      page_number: 0,
      url: '',
      nth: 0,
      pw_code: '',
      element_id: '1',
      key_comb: '',
      direction: '',
      answer: '',
      raw_prediction: '```click [1]```',
    },
  };
  writeFileSync(join(dir, 'trajectory.json'), JSON.stringify({ 0: step }));
  const decoded = await createVisualWebArenaFormat().decodeFile(join(dir, 'trajectory.json'), { datasetRoot: dir });
  expect(decoded.rejected).toEqual([]);
  return runEpisode(browser, decoded.episodes[0]!, {
    ...DEFAULT_REPLAY_OPTIONS,
    timeoutMs: 10_000,
    out: dir,
    compare: { ...DEFAULT_REPLAY_OPTIONS.compare, mode: 'off' },
    startUrls: { all: `${origin}/` },
  });
}

/** The trajectory's CLICK (the replay opens the start URL first). */
const click = (result: { steps: { action: string; url?: string; durationMs: number }[] }) =>
  result.steps.find((s) => s.action === 'click')!;

test('a click at a point that starts a slow navigation waits for the new page', async () => {
  const result = await clickLink('Slow page', 100);
  expect(result.status, result.message).toBe('passed');
  expect(click(result).url).toBe(`${origin}/slow`);
});

test('a click at a point whose navigation ends in a download does not wait for a page that never comes', async () => {
  const result = await clickLink('Get file', 200);
  expect(result.status, result.message).toBe('passed');
  expect(click(result).url).toBe(`${origin}/`);
  // Not a timing assertion on the machine: the step did not sit out the 10 s step timeout.
  expect(click(result).durationMs).toBeLessThan(8000);
});
