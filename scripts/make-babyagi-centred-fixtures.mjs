#!/usr/bin/env node
// Writes fixtures/babyagi-centred/: a baby-agi trajectory recorded on fixtures/babyagi-centred/site
// (a page that centres its content) in a 1280×719 CSS px window at device scale 1.590625 — the
// window model the decoder assumes for baby-agi's 2036×1144 frames. Real Chromium screenshots at
// that scale go to images/ (kept apart from data/, as in the real dataset); action_options boxes
// are measured on the live page and given in screenshot pixels. Run after changing the site:
//   node scripts/make-babyagi-centred-fixtures.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { startFixtureServer } from '../fixtures/server.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'fixtures', 'babyagi-centred');
const WINDOW = { width: 1280, height: 719 };
const SCALE = 1.590625;

const server = await startFixtureServer({ root: join(OUT, 'site') });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
try {
  const context = await browser.newContext({ viewport: WINDOW, deviceScaleFactor: SCALE });
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  mkdirSync(join(OUT, 'images'), { recursive: true });
  mkdirSync(join(OUT, 'data'), { recursive: true });

  // The options an agent could pick on this page, in screenshot pixels.
  const OPTIONS = [
    page.getByRole('textbox', { name: 'New task' }),
    page.getByRole('button', { name: 'Add' }),
    page.getByRole('heading', { name: 'Tasks' }),
  ];
  const options = async () =>
    Promise.all(
      OPTIONS.map(async (l, index) => {
        const b = await l.boundingBox();
        const px = (n) => Math.round(n * SCALE);
        return { index, top_left: [px(b.x), px(b.y)], bottom_right: [px(b.x + b.width), px(b.y + b.height)] };
      }),
    );
  const trajectory = [];
  /** Screenshot the state before the step, then do what the agent did. */
  const step = async (n, action_taken, act) => {
    const image_id = `centred_${n}`;
    await page.screenshot({ path: join(OUT, 'images', `${image_id}.png`), animations: 'disabled', caret: 'hide' });
    trajectory.push({ image_id, action_options: await options(), action_taken });
    await act();
  };
  const centreOf = async (i) => {
    const [o] = (await options()).filter((x) => x.index === i);
    return { x: (o.top_left[0] + o.bottom_right[0]) / 2 / SCALE, y: (o.top_left[1] + o.bottom_right[1]) / 2 / SCALE };
  };
  const click = async (i) => {
    const c = await centreOf(i);
    await page.mouse.click(c.x, c.y);
  };
  await step(0, { type: 'click', action_option_index: 0 }, () => click(0));
  await step(1, { type: 'type', value: 'Buy milk', action_option_index: 0 }, () => page.keyboard.type('Buy milk'));
  await step(2, { type: 'click', action_option_index: 1 }, () => click(1));
  if (!(await page.getByText('Buy milk').isVisible())) throw new Error('the recorded trajectory did not add the task');
  const metadata = [{ id: 'centred-add-task', instruction: 'Add the task "Buy milk"', trajectory }];
  writeFileSync(join(OUT, 'data', 'metadata_0.json'), JSON.stringify(metadata, null, 1) + '\n');
  console.log(`wrote fixtures/babyagi-centred/data/metadata_0.json and ${trajectory.length} screenshots in images/`);
} finally {
  await browser.close();
  await server.close();
}
