import { expect, test } from '@playwright/test';
import { FORMAT_CHOICES, FORMAT_NAMES } from '../../src/formats/format-choices.js';
import { formats } from '../../src/formats/index.js';
import { rpaweb } from '../../src/formats/rpaweb.js';
import { mind2web } from '../../src/formats/mind2web.js';
import { mtMind2web } from '../../src/formats/mt-mind2web.js';
import { babyagi } from '../../src/formats/babyagi.js';
import { visualwebarena } from '../../src/formats/visualwebarena.js';
import { devtoolsRecorder } from '../../src/formats/devtools-recorder.js';

// The CLI lists --format choices from a module that loads no decoder; the registry loads each
// decoder on first use. Both must describe the same formats as the decoders themselves.
test('--format choices are the registry formats, in the order they are tried', () => {
  expect([...FORMAT_NAMES]).toEqual(formats.map((f) => f.name));
  expect(FORMAT_CHOICES[0]).toBe('auto');
});

test("each lazy registry entry has its decoder's name, extensions, sniffer and stream ability", () => {
  const loaded = [rpaweb, mind2web, mtMind2web, babyagi, visualwebarena, devtoolsRecorder];
  expect(formats.map((f) => f.name)).toEqual(loaded.map((f) => f.name));
  for (const [i, entry] of formats.entries()) {
    const real = loaded[i]!;
    expect(entry.extensions, entry.name).toEqual(real.extensions);
    expect(entry.decodeStream === undefined, entry.name).toBe(real.decodeStream === undefined);
    for (const [file, head] of [
      ['a.jsonl', '{"id":"x","step":1,"json_data":{"browserCode":{"name":"click"}}}\n'],
      ['a.json', '[{"annotation_id":"a","confirmed_task":"t","actions":[{"action_uid":"u","raw_html":"<html>"}]}]'],
      ['a.json', '{"title":"t","steps":[{"type":"navigate","url":"http://x"}]}'],
      ['a.html', "<div class='state_obv'>"],
    ] as const)
      expect(entry.sniff(file, head), `${entry.name} on ${file}`).toBe(real.sniff(file, head));
  }
});
