import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Browser } from 'playwright';
import { loadDataset } from '../../src/formats/load-dataset.js';
import { parseMhtml } from '../../src/ir/recorded-page/mhtml.js';
import { rawDumpMhtml } from '../../src/formats/mind2web/mhtml-before.js';
import { openSealedPage } from '../../src/replay/sealed-page.js';
import { renderMhtml } from '../../src/replay/snapshot/mhtml-page.js';
import { runSnapshotEpisode } from '../../src/replay/snapshot/run-snapshot-episode.js';
import { tempDir } from '../support/fixture-site.js';
import { launch } from '../support/replay.js';
import { SNAPSHOT_OPTIONS } from './fixtures.js';
import { sharedSample } from '../support/shared-samples.js';

const DIR = sharedSample('mind2web');
const UID = '961c3a5e-f8ce-4c71-a917-aa546dcea7fb';

let browser: Browser;
test.beforeAll(async () => {
  browser = await launch();
});
test.afterAll(async () => {
  await browser?.close();
});

test.describe('the real raw-dump MHTML as a before-state', () => {
  test.skip(!existsSync(`${DIR}/mind2web_example.json`) || !existsSync(`${DIR}/mind2web_example.mhtml`), 'shared samples not present');

  /** A Mind2Web dataset folder whose one task has no raw_html, only the raw dump's MHTML. */
  function dataset(value: string): string {
    const root = tempDir('rw-m2w-mhtml-');
    const id = `task-${value.toLowerCase()}`;
    const real = JSON.parse(readFileSync(`${DIR}/mind2web_example.json`, 'utf8')) as { pos_candidates: unknown[] };
    const task = {
      annotation_id: id,
      website: 'exploretock',
      domain: 'Travel',
      subdomain: 'Restaurant',
      confirmed_task: 'Check for pickup restaurant available in Boston, NY on March 18, 5pm with just one guest',
      action_reprs: [`[combobox]  Reservation type -> SELECT: ${value}`],
      actions: [
        {
          action_uid: UID,
          raw_html: '',
          cleaned_html: '',
          operation: { op: 'SELECT', original_op: 'SELECT', value },
          pos_candidates: real.pos_candidates,
          neg_candidates: [],
        },
      ],
    };
    writeFileSync(join(root, 'train_0.json'), JSON.stringify([task]));
    const mhtml = join(root, rawDumpMhtml(id, UID));
    mkdirSync(join(mhtml, '..'), { recursive: true });
    copyFileSync(`${DIR}/mind2web_example.mhtml`, mhtml);
    return root;
  }

  test('a step without raw_html is checked on its MHTML: SELECT "Pickup" passes, "Takeout" fails option-missing', async () => {
    const root = dataset('Pickup');
    const ok = await loadDataset(root);
    expect(ok.episodes).toHaveLength(1);
    const step = ok.episodes[0]!.steps[0]!;
    expect(step.before?.html).toBeUndefined();
    expect(step.before?.htmlFile).toBe(join(root, rawDumpMhtml('task-pickup', UID)));
    expect(ok.problems.map((p) => p.field)).toContain('raw_html'); // still said: the step has no raw_html

    const passed = await runSnapshotEpisode(browser, ok.episodes[0]!, SNAPSHOT_OPTIONS);
    expect(passed.status, passed.message).toBe('passed');
    // Found by the annotator's marker as the MHTML spells it (hyphens).
    expect(passed.steps[0]!.resolvedBy).toBe('css');
    // The MHTML carries no backend node ids: found, but never counted on a positive.
    expect(passed.targets).toEqual({ checked: 1, found: 1, onPositive: 0 });

    const bad = await loadDataset(dataset('Takeout'));
    const failed = await runSnapshotEpisode(browser, bad.episodes[0]!, SNAPSHOT_OPTIONS);
    expect([failed.status, failed.reason, failed.failedStep], failed.message).toEqual(['failed', 'option-missing', 0]);
    expect(failed.steps[0]!.message).toContain('option "Takeout" not available');
  });

  test('the archive unpacks: 197 parts (189 CSS, 5 AVIF, 2 HTML, 1 PNG), the recorded page the largest HTML document', () => {
    const archive = parseMhtml(readFileSync(`${DIR}/mind2web_example.mhtml`));
    const kinds: Record<string, number> = {};
    for (const p of archive.parts) kinds[p.contentType] = (kinds[p.contentType] ?? 0) + 1;
    expect(kinds).toEqual({ 'text/css': 189, 'image/avif': 5, 'text/html': 2, 'image/png': 1 });
    const html = archive.parts.filter((p) => p.contentType === 'text/html');
    expect(html).toHaveLength(2);
    const page = html.reduce((a, b) => (b.body.length > a.body.length ? b : a));
    expect(page.body.toString('utf8')).toContain(`data-pw-testid-buckeye="${UID}"`);
  });
});

test('an MHTML before-state is served from the archive only: its CSS applies, and nothing it names is fetched', async () => {
  const requests: string[] = [];
  let connections = 0;
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.end('');
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const remote = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const page =
      `<!DOCTYPE html><html><head><link rel="stylesheet" href="cid:css-1@mhtml.blink"><link rel="stylesheet" href="${remote}/style.css">` +
      `<link rel="preconnect" href="${remote}"></head><body><h1 id="t">Recorded</h1><img src="${remote}/image.png"><iframe src="${remote}/frame.html"></iframe>` +
      `<img src="https://example.org/archived.png"></body></html>`;
    const mhtml = [
      'From: <Saved by Blink>',
      'Snapshot-Content-Location: https://example.org/page.html',
      'MIME-Version: 1.0',
      'Content-Type: multipart/related;',
      '\ttype="text/html";',
      '\tboundary="----B"',
      '',
      '',
      '------B',
      'Content-Type: text/html',
      'Content-Transfer-Encoding: quoted-printable',
      'Content-Location: https://example.org/page.html',
      '',
      page.replace(/=/g, '=3D').replace(/(.{70})/g, '$1=\n'),
      '------B',
      'Content-Type: text/css',
      'Content-Transfer-Encoding: quoted-printable',
      'Content-Location: cid:css-1@mhtml.blink',
      '',
      '#t { color: rgb(1, 2, 3); }',
      '------B',
      'Content-Type: image/png',
      'Content-Transfer-Encoding: base64',
      'Content-Location: https://example.org/archived.png',
      '',
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      '------B--',
      '',
    ].join('\n');
    const file = join(tempDir('rw-mhtml-'), 'before.mhtml');
    writeFileSync(file, mhtml);

    const { context, page: p } = await openSealedPage(browser);
    try {
      await renderMhtml(p, file, { width: 800, height: 600 }, 5000);
      await p.waitForTimeout(300); // let anything the page would fetch try
      expect(await p.locator('#t').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(1, 2, 3)');
      expect(
        await p
          .locator('img')
          .nth(1)
          .evaluate((el) => (el as HTMLImageElement).naturalWidth),
      ).toBe(1);
    } finally {
      await context.close();
    }
    expect(requests).toEqual([]);
    expect(connections).toBe(0);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
