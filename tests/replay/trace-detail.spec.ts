import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { useLiveSite } from '../support/live-site.js';
import { replayFixture } from '../support/replay.js';
import { zipContents } from '../support/zip-entries.js';

const live = useLiveSite();

/** The kinds of event in the trace's event log (one JSON event a line). */
function traceEventTypes(out: string, trace: string): Set<string> {
  const log = zipContents(join(out, trace)).find((f) => f.name === 'trace.trace');
  expect(log, 'trace.trace in the zip').toBeDefined();
  const lines = log!.data.toString('utf8').split('\n').filter(Boolean);
  return new Set(lines.map((l) => (JSON.parse(l) as { type: string }).type));
}

for (const [detail, screencast, snapshots] of [
  ['actions', false, false],
  ['screencast', true, false],
  ['full', true, true],
] as const) {
  test(`--trace-detail ${detail}: the actions${screencast ? ', the screencast' : ''}${snapshots ? ' and DOM snapshots' : ''}`, async () => {
    const r = await replayFixture(live.browser, 'library-save-record@1.65', live.site.url, { trace: 'on', traceDetail: detail });
    expect(r.status, r.message).toBe('passed');
    const types = traceEventTypes(r.out, r.trace!);
    // What the viewer lists for every detail: the actions, our steps as groups among them.
    expect(types).toContain('before');
    expect(types).toContain('after');
    expect(types.has('screencast-frame')).toBe(screencast);
    expect(types.has('frame-snapshot')).toBe(snapshots);
  });
}
