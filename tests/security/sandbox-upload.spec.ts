import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { tempDir } from '../support/fixture-site.js';
import { BIN, results, start } from '../scale/support.js';
import { STACK_LINE } from '../bad-input/support.js';
import { line, writeCodegen } from '../reliability/support.js';
import { logServer } from './sandbox-support.js';

// Issue 17, attack 1: an upload is confined like every other dataset path.
test.setTimeout(120_000);

/** A form that posts whatever file is attached to it, as a hostile page would. */
const UPLOAD_PAGE = `<!doctype html><title>upload</title><input type=file id=f>
<script>document.getElementById('f').addEventListener('change', async (e) => {
  for (const file of e.target.files) await fetch('/leak', { method: 'POST', body: (await file.text()) || '(empty)' });
  document.title = 'sent';
});</script>`;

type Row = ReturnType<typeof results>[number] & {
  message?: string;
  steps: { status: string; reason?: string; message?: string; notes?: string[] }[];
};

test('an upload follows no symlink out of the dataset folder, refuses `..`, and still sends a file that is inside', async () => {
  const site = await logServer({ '/': UPLOAD_PAGE });
  try {
    const outside = tempDir('rw-outside-');
    writeFileSync(join(outside, 'private.txt'), 'OUTSIDE-PRIVATE-4711');
    const data = tempDir('rw-upload-');
    writeFileSync(join(data, 'inside.txt'), 'INSIDE-OK-0815');
    symlinkSync(join(outside, 'private.txt'), join(data, 'notes.txt'));
    mkdirSync(join(data, 'sub'));
    const upload = (file: string) => ({ name: 'setInputFiles', selector: '#f', files: [file], signals: [], pageAlias: 'page' });
    const wait = { name: 'assertVisible', selector: '#f', signals: [], pageAlias: 'page' };
    writeCodegen(data, '1-inside', line.openPage, line.navigate(`${site.url}/`), upload('inside.txt'), wait);
    writeCodegen(data, '2-symlink-out', line.openPage, line.navigate(`${site.url}/`), upload('notes.txt'), wait);
    writeCodegen(data, '3-dotdot', line.openPage, line.navigate(`${site.url}/`), upload('..'), wait);
    const out = tempDir('rw-upload-out-');
    const r = await start([BIN, 'run', data, '--out', out, '--workers', '1', '--trace', 'off', '--compare', 'off']).done;
    expect(r.stdout + r.stderr).not.toMatch(STACK_LINE);
    const rows = results(out) as Row[];
    const byId = Object.fromEntries(rows.map((l) => [l.episode, l]));
    // The inside file is really sent: the log server can see an upload.
    expect(site.seen).toContain('INSIDE-OK-0815');
    expect(byId['1-inside']!.status).toBe('passed');
    // The symlink out is refused before anything is read.
    expect(site.seen).not.toContain('OUTSIDE-PRIVATE-4711');
    expect(byId['2-symlink-out']).toMatchObject({ status: 'failed', reason: 'invalid-input', failedStep: 2 });
    expect(byId['2-symlink-out']!.message).toContain('outside');
    // `..` is named as not a file name, not a raw EISDIR.
    expect(byId['3-dotdot']).toMatchObject({ status: 'failed', reason: 'invalid-input', failedStep: 2 });
    expect(byId['3-dotdot']!.message).toContain('is not a file name');
    expect(JSON.stringify(rows)).not.toContain('EISDIR');
  } finally {
    await site.close();
  }
});
