#!/usr/bin/env node
// Makes a fresh clone runnable: npm dependencies, the compiled CLI, and a Chromium.
// Plain Node with no dependencies, because it runs before `npm install` has.
// The browser check itself is `replaywright doctor` (one implementation of the lookup order);
// this script only adds the one install it may do: Debian's chromium, as root, when none is found.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const say = (msg) => console.error(`[setup] ${msg}`);
const run = (cmd, args, opts = {}) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], ...opts });
  if (r.status !== 0) {
    say(`\`${cmd} ${args.join(' ')}\` failed (exit ${r.status ?? r.signal}).`);
    process.exit(r.status || 1);
  }
};

// 1. npm dependencies, when missing or older than the lock file.
const lock = join(root, 'package-lock.json');
const installed = join(root, 'node_modules', '.package-lock.json');
if (!existsSync(installed) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(installed).mtimeMs + 1000)) {
  say('installing npm dependencies…');
  run('npm', [existsSync(lock) ? 'ci' : 'install', '--no-audit', '--no-fund', '--ignore-scripts']);
}

// 2. The compiled CLI, when any source is newer than it: tsc's modules (the library), then the
// CLI joined from them into dist/bin/ (scripts/build-cli.mjs), which bin/replaywright.js runs.
const newest = (dir) =>
  readdirSync(dir, { withFileTypes: true }).reduce((m, e) => {
    const p = join(dir, e.name);
    return Math.max(m, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }, 0);
const built = join(root, 'dist', 'bin', 'cli.js');
if (!existsSync(built) || newest(join(root, 'src')) > statSync(built).mtimeMs) {
  say('building…');
  run('npx', ['tsc', '-p', 'tsconfig.build.json']);
  run(process.execPath, [join(root, 'scripts', 'build-cli.mjs')]);
}

let aptUpdated = false;
function aptInstall(packages) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  aptUpdated = true;
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
}

// 3. A browser.
const doctor = () => spawnSync(process.execPath, [join(root, 'bin', 'replaywright.js'), 'doctor'], { cwd: root, encoding: 'utf8' });
let check = doctor();
if (check.status !== 0) {
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync('/usr/bin/apt-get') && existsSync('/etc/debian_version');
  if (!(isRoot && hasApt)) {
    process.stderr.write(check.stderr || check.stdout);
    say(
      isRoot
        ? 'not a Debian system: install Chromium or Chrome yourself.'
        : 'run `sudo apt-get install -y chromium` (Debian/Ubuntu), or `npx playwright install chromium`, or set REPLAYWRIGHT_CHROMIUM.',
    );
    process.exit(1);
  }
  say("no Chromium found: installing Debian's chromium (apt-get)…");
  aptInstall(['chromium']);
  check = doctor();
  if (check.status !== 0) {
    process.stderr.write(check.stderr || check.stdout);
    process.exit(1);
  }
}
// 4. Debian's headless shell beside a system chromium: headless runs launch and open pages ~3x
// faster in it. Optional, so a failed install (an older release without the package) is only said.
if (
  /headless: the same browser/.test(check.stdout) &&
  process.getuid?.() === 0 &&
  existsSync('/usr/bin/apt-get') &&
  existsSync('/etc/debian_version')
) {
  say("installing Debian's chromium-headless-shell for headless runs (apt-get)…");
  try {
    aptInstall(['chromium-headless-shell']);
    check = doctor();
  } catch {
    say('chromium-headless-shell could not be installed: headless runs use chromium itself.');
  }
}
say(check.stdout.trim());
