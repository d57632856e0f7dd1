import { expect, test } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright';
import { watchPendingTimers } from '../../src/replay/pending-timers.js';
import { RequestsInFlight } from '../../src/replay/requests-in-flight.js';
import { settle } from '../../src/replay/settle.js';
import { launch } from '../support/replay.js';

// The final capture waits for the page to settle: a click whose handler fetches and then renders
// is not over until the answer has come, however long the DOM stays still meanwhile.
const PAGE = `<!doctype html><button onclick="save()">Save</button><p id="status">editing</p>
<label><input type="checkbox" id="active" checked onchange="later()"> active</label>
<script>
  async function save() {
    const r = await fetch('/slow');
    document.getElementById('status').textContent = await r.text();
  }
  // A debounced save, as editors do: reported 300 ms after the last change, the DOM still meanwhile.
  let timer;
  function later() {
    clearTimeout(timer);
    const never = setTimeout(() => fetch('/never', { method: 'POST' }), 200);
    clearTimeout(never);
    timer = setTimeout(() => fetch('/report', { method: 'POST', body: String(document.getElementById('active').checked) }), 300);
  }
</script>`;
const reported: string[] = [];

let browser: Browser;
let server: Server;
let url: string;
test.beforeAll(async () => {
  browser = await launch();
  server = createServer((req, res) => {
    if (req.url === '/slow') setTimeout(() => res.end('saved'), 400);
    else if (req.url === '/report' || req.url === '/never') {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        reported.push(`${req.url} ${body}`);
        res.end();
      });
    } else res.setHeader('content-type', 'text/html').end(PAGE);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
test.afterAll(async () => {
  await browser?.close();
  server?.close();
});

test('settling waits for the answer a click is waiting on, not only for a still DOM', async () => {
  const context = await browser.newContext();
  const requests = new RequestsInFlight(context);
  const page = await context.newPage();
  await page.goto(url);
  await page.getByRole('button', { name: 'Save' }).click();
  await settle(page, { requests });
  expect(await page.locator('#status').textContent()).toBe('saved');
  await context.close();
});

test('settling waits for the short timers the page set (a debounced save), not for cleared ones', async () => {
  const context = await browser.newContext();
  await watchPendingTimers(context);
  const requests = new RequestsInFlight(context);
  const page = await context.newPage();
  await page.goto(url);
  reported.length = 0;
  await page.locator('#active').uncheck();
  await settle(page, { requests, timers: true });
  expect(reported).toEqual(['/report false']);
  await context.close();
});
