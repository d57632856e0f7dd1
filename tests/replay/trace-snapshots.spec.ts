import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { useLiveSite } from '../support/live-site.js';
import { replayFixture } from '../support/replay.js';
import { zipContents } from '../support/zip-entries.js';

const live = useLiveSite();

/** The trace's event log, one JSON event a line. */
function traceEvents(out: string, trace: string): { type: string }[] {
  const log = zipContents(join(out, trace)).find((f) => f.name === 'trace.trace');
  expect(log, 'trace.trace in the zip').toBeDefined();
  return log!.data
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { type: string });
}

test('a trace holds the actions and the screencast; DOM snapshots only with traceSnapshots', async () => {
  const plain = await replayFixture(live.browser, 'library-save-record@1.65', live.site.url, { trace: 'on' });
  expect(plain.status, plain.message).toBe('passed');
  const events = traceEvents(plain.out, plain.trace!);
  const types = new Set(events.map((e) => e.type));
  // What the viewer lists and plays: the actions (our steps as groups among them) and the screencast.
  expect(types).toContain('before');
  expect(types).toContain('after');
  expect(types).toContain('screencast-frame');
  expect(types).not.toContain('frame-snapshot');

  const full = await replayFixture(live.browser, 'library-save-record@1.65', live.site.url, { trace: 'on', traceSnapshots: true });
  expect(full.status, full.message).toBe('passed');
  expect(traceEvents(full.out, full.trace!).filter((e) => e.type === 'frame-snapshot').length).toBeGreaterThan(0);
});
