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
  if (fs.existsSync(done) && fs.readFileSync(done, 'utf8') === integrity) return path.join(dir, 'package');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const out = execFileSync('npm', ['pack', `${pkg}@${version}`, '--json', '--pack-destination', dir], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 120_000,
  });
  const filename = JSON.parse(out)[0]?.filename;
  const tarball = path.join(dir, filename ?? `${pkg}-${version}.tgz`);
  const actual = integrityOf(tarball);
  if (actual !== integrity) throw new Error(`${pkg}@${version}: integrity ${actual} is not the pinned ${integrity}`);
  execFileSync('tar', ['xzf', tarball, '-C', dir]);
  fs.rmSync(tarball);
  gunzipDist(path.join(dir, 'package'));
  fs.writeFileSync(done, integrity);
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
