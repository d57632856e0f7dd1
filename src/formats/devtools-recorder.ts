import { readFile } from 'node:fs/promises';
import { basename, extname, resolve } from 'node:path';
import type { Decoded, DatasetFormat } from './format.js';
import { decodeFlow } from './devtools/flow.js';
import { stripBom } from './head.js';
import { decodeUtf8, jsonErrorLine, jsonErrorMessage } from './json-text.js';
import type { Problem } from '../ir/problem.js';
import { sniffDevtoolsRecorder } from './devtools/sniff.js';

export { sniffDevtoolsRecorder };

/**
 * Chrome DevTools Recorder exports (the "user flow" JSON @puppeteer/replay plays):
 * `{title, timeout?, selectorAttribute?, steps: [{type, selectors, target, frame, assertedEvents, …}]}`.
 * One file is one episode, named by its title (else the file name). Step types: setViewport,
 * navigate, click, doubleClick, change, keyDown, keyUp, scroll, hover, waitForElement,
 * waitForExpression, close, customStep, emulateNetworkConditions (see devtools/flow.ts for how
 * each replays and what is approximated).
 */
export const devtoolsRecorder: DatasetFormat = {
  name: 'devtools-recorder',
  extensions: ['.json'],
  sniff: sniffDevtoolsRecorder,
  async decodeFile(file) {
    const path = resolve(file);
    const id = basename(path, extname(path));
    let text: string;
    let badUtf8: { line: number; offset: number } | undefined;
    try {
      ({ text, badUtf8 } = decodeUtf8(await readFile(path)));
      text = stripBom(text);
    } catch (e) {
      return {
        episodes: [],
        rejected: [],
        problems: [{ file: path, message: `cannot read the file: ${(e as Error).message}`, severity: 'error' }],
        recordsRead: 0,
      };
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      const p: Problem = { file: path, episode: id, message: jsonErrorMessage(text, e), severity: 'error' };
      const line = jsonErrorLine(text, e);
      if (line !== undefined) p.line = line;
      return {
        episodes: [],
        rejected: [{ id, format: 'devtools-recorder', source: { file: path }, problems: [p] }],
        problems: [p],
        recordsRead: 1,
      };
    }
    const r = decodeFlow(value, path, id);
    const problems = badUtf8 ? [utf8Warning(path, badUtf8), ...r.problems] : r.problems;
    const out: Decoded = {
      episodes: r.episode ? [r.episode] : [],
      rejected: r.rejected ? [r.rejected] : [],
      problems,
      recordsRead: r.recordsRead,
    };
    return out;
  },
};

function utf8Warning(file: string, bad: { line: number; offset: number }): Problem {
  return {
    file,
    line: bad.line,
    message: `not valid UTF-8 (first bad byte at file offset ${bad.offset}); bad bytes were read as U+FFFD, so text from this file may differ from the recording`,
    severity: 'warning',
  };
}
