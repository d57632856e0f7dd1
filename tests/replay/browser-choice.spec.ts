import { test, expect } from '@playwright/test';
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium, launchOptions, launchedExecutable, type BrowserChoice } from '../../src/replay/browser.js';
import { browserSource } from '../../src/replay/browser-source.js';
import { chromium } from '../../src/replay/playwright.js';

const system: BrowserChoice = { executablePath: '/opt/chromium/chrome', source: 'system', headlessShell: '/opt/chromium/headless_shell' };

test('a headless run of a system Chromium uses its headless shell, with sites isolated as in Chrome; --headed uses the browser', () => {
  const headless = launchOptions(system);
  expect(headless.executablePath).toBe('/opt/chromium/headless_shell');
  expect(headless.args).toContain('--site-per-process');
  const headed = launchOptions(system, { headed: true });
  expect(headed.executablePath).toBe('/opt/chromium/chrome');
  expect(headed.args).not.toContain('--site-per-process');
  expect(launchedExecutable({ executablePath: '/x/chrome', source: 'system' })).toBe('/x/chrome');
});

test('REPLAYWRIGHT_CHROMIUM is taken exactly as given: no headless shell is looked for beside it', () => {
  let bundled = '';
  try {
    bundled = chromium.executablePath();
  } catch {
    // no Playwright browser registry entry
  }
  test.skip(!!bundled && existsSync(bundled), 'a Playwright-installed Chromium comes first');
  const dir = mkdtempSync(join(tmpdir(), 'rw-browser-'));
  const exe = join(dir, 'my-chrome');
  writeFileSync(exe, '#!/bin/sh\n');
  chmodSync(exe, 0o755);
  expect(findChromium({ REPLAYWRIGHT_CHROMIUM: exe, PATH: '' })).toEqual({ executablePath: exe, source: 'env' });
  expect(() => findChromium({ REPLAYWRIGHT_CHROMIUM: join(dir, 'absent'), PATH: '' })).toThrow(/is not an executable file/);
});

test("a run's browser launches headless and its result names the executable that ran", async () => {
  const choice = findChromium();
  const source = browserSource({});
  const browser = await source.open();
  try {
    const page = await (await browser.newContext()).newPage();
    await page.setContent('<p>ok</p>');
    expect(await page.textContent('p')).toBe('ok');
    expect(source.info(browser)).toMatchObject({ source: choice.source, executablePath: choice.headlessShell ?? choice.executablePath });
  } finally {
    await browser.close();
  }
});
