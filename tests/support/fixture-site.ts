import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURES = fileURLToPath(new URL('../../fixtures/', import.meta.url));
export const RPAWEB_FIXTURES = join(FIXTURES, 'rpaweb');
export const SITE = join(FIXTURES, 'site');

export interface FixtureServer {
  url: string;
  close(): Promise<void>;
}

/** Serves the fixture site, or an overlay of several roots tried in order. */
export async function serveSite(root: string | string[] = SITE): Promise<FixtureServer> {
  const { startFixtureServer } = (await import(join(FIXTURES, 'server.mjs'))) as {
    startFixtureServer(o: { root: string | string[] }): Promise<FixtureServer>;
  };
  return startFixtureServer({ root });
}

/** A copy of the fixture site with some text replaced in one file: the site "changed" under a recording. */
export function changedSiteCopy(file: string, from: string, to: string): string {
  const copy = mkdtempSync(join(tmpdir(), 'rw-site-'));
  cpSync(SITE, copy, { recursive: true });
  const path = join(copy, file);
  const text = readFileSync(path, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} does not contain "${from}"`);
  writeFileSync(path, text.split(from).join(to));
  return copy;
}

export const tempDir = (prefix = 'rw-') => mkdtempSync(join(tmpdir(), prefix));
