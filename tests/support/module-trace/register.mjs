import Module, { register } from 'node:module';
import { appendFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

register(new URL('./hooks.mjs', import.meta.url));

// `require` does not pass the loader hooks on this Node (Playwright is loaded with it:
// src/replay/playwright.ts): what it resolves is traced here, in the same file.
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (...args) {
  const file = resolveFilename.apply(this, args);
  if (process.env.MODULE_TRACE && file.startsWith('/')) appendFileSync(process.env.MODULE_TRACE, pathToFileURL(file).href + '\n');
  return file;
};
