import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { detectFormat, findDatasetFiles, formats, rpaweb } from '../../src/formats/index.js';
import { code, jsonl, makeDataset, row } from './helpers.js';

test('the registry knows every format, each once', () => {
  expect(formats.map((f) => f.name)).toEqual(['rpaweb', 'mind2web', 'mt-mind2web', 'babyagi', 'visualwebarena', 'devtools-recorder']);
});

test('detectFormat reads the head of a file', async () => {
  const root = makeDataset({
    'rows.jsonl': jsonl(row('A', 1, code.openPage, { html_data: '<p>'.repeat(40_000) })),
    'other.jsonl': jsonl({ task_id: 1 }),
    'rows.txt': jsonl(row('A', 1, code.openPage)),
  });
  expect(await detectFormat(join(root, 'rows.jsonl'))).toBe(rpaweb);
  expect(await detectFormat(join(root, 'other.jsonl'))).toBeUndefined();
  expect(await detectFormat(join(root, 'rows.txt'))).toBeUndefined();
});

test('findDatasetFiles walks a folder in name order, skipping node_modules and dot-folders', async () => {
  const root = makeDataset({
    'b/2.jsonl': jsonl(code.openPage),
    'b/10.jsonl': jsonl(code.openPage),
    'a.jsonl': jsonl(row('A', 1, code.openPage)),
    'c/notes.jsonl': 'plain text\n',
    'c/shot.png': 'png',
    'node_modules/x/y.jsonl': jsonl(code.openPage),
    '.cache/z.jsonl': jsonl(code.openPage),
    'link.jsonl': { symlink: 'a.jsonl' },
    dirlink: { symlink: 'b' },
  });
  const found = await findDatasetFiles(root);
  expect(found.map((f) => f.file.slice(root.length + 1))).toEqual(['a.jsonl', 'b/10.jsonl', 'b/2.jsonl', 'link.jsonl']);
  expect(found.every((f) => f.format === rpaweb)).toBe(true);
  expect(await findDatasetFiles(join(root, 'b/2.jsonl'), rpaweb)).toEqual([{ file: join(root, 'b/2.jsonl'), format: rpaweb }]);
  expect(await findDatasetFiles(join(root, 'c/notes.jsonl'))).toEqual([]);
});
