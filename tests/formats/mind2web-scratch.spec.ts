import { test } from '@playwright/test';
import { createWriteStream, statSync, createReadStream } from 'node:fs';
import { readJsonRecords } from '../../src/formats/mind2web/json-stream.js';
import { mind2web } from '../../src/formats/mind2web.js';
test('perf', async () => {
  const file = test.info().outputPath('train_big.json');
  const out = createWriteStream(file);
  const html = '<html backend_node_id="1" bounding_box_rect="0,0,1280,900">' + '<div backend_node_id="2" bounding_box_rect="0,0,10,10" class="x"><text backend_node_id="3" bounding_box_rect="0,0,1,1">hello \\"world\\"</text></div>\n'.repeat(20000) + '</html>';
  out.write('[');
  for (let t = 0; t < 30; t++) {
    const task = { annotation_id: `task-${t}`, website: 'w', domain: 'd', subdomain: 's', confirmed_task: 'x', action_reprs: ['[a]  x -> CLICK'], actions: [{ action_uid: `u${t}`, raw_html: html.replace('class="x"', `data_pw_testid_buckeye="u${t}"`), cleaned_html: html, operation: { op: 'CLICK', original_op: 'CLICK', value: '' }, pos_candidates: [], neg_candidates: [] }] };
    out.write((t ? ',' : '') + JSON.stringify(task));
  }
  out.write(']');
  await new Promise((r) => out.end(r));
  const size = statSync(file).size;
  let t0 = Date.now();
  for await (const c of createReadStream(file, { highWaterMark: 1 << 20 })) void c;
  console.log('read only', Date.now() - t0);
  t0 = Date.now();
  let n = 0;
  for await (const r of readJsonRecords(file)) n++;
  console.log('records', n, Date.now() - t0);
  t0 = Date.now();
  n = 0;
  for await (const r of readJsonRecords(file)) n++;
  console.log('records again', n, Date.now() - t0);
  t0 = Date.now();
  const big = Buffer.alloc(0);
  let total = 0;
  for await (const c of createReadStream(file, { highWaterMark: 1 << 20 })) { let q = -1; const b = c as Buffer; while ((q = b.indexOf(0x22, q + 1)) !== -1) total++; }
  console.log('indexOf only', total, Date.now() - t0);
  t0 = Date.now();
  const r = await mind2web.decodeFile(file, { datasetRoot: test.info().outputPath() });
  console.log('size', size, 'decode ms', Date.now() - t0, r.episodes.length);
});
