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
    // Every step is a group, and every call the replay made is in the group of the step it was made for.
    const { groups, misplaced } = traceGroups(r.out, r.trace!);
    expect(groups).toEqual(r.steps.map((s) => expect.stringMatching(new RegExp(`^${s.index + 1}\\. `))));
    expect(misplaced).toEqual([]);
  });
}

/** The trace's step groups in order, and any call recorded outside the group open when it began. */
function traceGroups(out: string, trace: string): { groups: string[]; misplaced: string[] } {
  type Event = { type: string; callId?: string; parentId?: string; method?: string; title?: string };
  const log = zipContents(join(out, trace)).find((f) => f.name === 'trace.trace')!;
  const events = log.data
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Event);
  const groups: string[] = [];
  const misplaced: string[] = [];
  let open: string | undefined;
  for (const e of events) {
    if (e.type === 'before' && e.method === 'tracingGroup') {
      groups.push(e.title ?? '');
      open = e.callId;
    } else if (e.type === 'before' && e.parentId !== open) misplaced.push(`${e.method} (in ${e.parentId ?? 'no group'})`);
    else if (e.type === 'after' && e.callId === open) open = undefined;
  }
  return { groups, misplaced };
}
