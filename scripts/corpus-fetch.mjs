#!/usr/bin/env node
// Fetches the corpus apps (scripts/corpus/apps.mjs: pinned versions with sha512 integrity) from the
// npm registry with `npm pack` into the gitignored cache .replaywright/corpus/<package>-<version>/,
// checks each tarball against its pinned integrity and unpacks it. A release already in the
// cache is not fetched again. Some releases ship only gzipped dist files (rapidoc 9.3.8): those
// are unpacked next to the .gz.
//
//   node scripts/corpus-fetch.mjs          # exit 1 with the reason when a release cannot be had
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { APPS } from './corpus/apps.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CORPUS_CACHE = path.join(REPO, '.replaywright', 'corpus');

/** The unpacked package folder of one release (its `package/` dir). */
export const releaseDir = (pkg, version) => path.join(CORPUS_CACHE, `${pkg}-${version}`, 'package');

function integrityOf(file) {
  return 'sha512-' + crypto.createHash('sha512').update(fs.readFileSync(file)).digest('base64');
}

function gunzipDist(dir) {
  const dist = path.join(dir, 'dist');
  if (!fs.existsSync(dist)) return;
  for (const name of fs.readdirSync(dist)) {
    const plain = path.join(dist, name.replace(/\.gz$/, ''));
    if (name.endsWith('.gz') && !fs.existsSync(plain)) fs.writeFileSync(plain, zlib.gunzipSync(fs.readFileSync(path.join(dist, name))));
  }
}

function fetchRelease(pkg, version, integrity) {
  const dir = path.join(CORPUS_CACHE, `${pkg}-${version}`);
  const done = path.join(dir, '.ok');
  const fetched = () => fs.existsSync(done) && fs.readFileSync(done, 'utf8') === integrity;
  if (fetched()) return path.join(dir, 'package');
  // Fetched into a folder of this process's own, then renamed into place: test workers fetching
  // at once (tests/corpus) never see, or clobber, each other's half-written tarballs.
  const own = `${dir}.${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  fs.mkdirSync(own, { recursive: true });
  try {
    const out = execFileSync('npm', ['pack', `${pkg}@${version}`, '--json', '--pack-destination', own], {
      cwd: own,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 120_000,
    });
    const filename = JSON.parse(out)[0]?.filename;
    const tarball = path.join(own, filename ?? `${pkg}-${version}.tgz`);
    const actual = integrityOf(tarball);
    if (actual !== integrity) throw new Error(`${pkg}@${version}: integrity ${actual} is not the pinned ${integrity}`);
    execFileSync('tar', ['xzf', tarball, '-C', own]);
    fs.rmSync(tarball);
    gunzipDist(path.join(own, 'package'));
    fs.writeFileSync(path.join(own, '.ok'), integrity);
    try {
      fs.renameSync(own, dir);
    } catch {
      // Another process put the same release in place first (its copy is as good), or a stale
      // copy of another pin is in the way.
      if (!fetched()) {
        fs.rmSync(dir, { recursive: true, force: true });
        fs.renameSync(own, dir);
      }
    }
  } finally {
    fs.rmSync(own, { recursive: true, force: true });
  }
  return path.join(dir, 'package');
}

/** Fetches every pinned release; returns { app: { version: packageDir } }. Throws with the reason. */
export function fetchCorpus() {
  const dirs = {};
  for (const [name, app] of Object.entries(APPS)) {
    dirs[name] = {};
    for (const [version, integrity] of Object.entries(app.releases)) dirs[name][version] = fetchRelease(app.package, version, integrity);
  }
  return dirs;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const dirs = fetchCorpus();
    for (const [name, releases] of Object.entries(dirs)) console.log(`${name}: ${Object.keys(releases).join(', ')}`);
  } catch (e) {
    console.error(`corpus-fetch: ${e instanceof Error ? e.message.split('\n')[0] : e}`);
    process.exit(1);
  }
}
