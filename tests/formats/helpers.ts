import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from '@playwright/test';

/** Writes files (text, bytes, or `{ symlink: target }`) into a fresh folder; returns its real path. */
export function makeDataset(files: Record<string, string | Buffer | { symlink: string }>): string {
  const root = test.info().outputPath('dataset');
  mkdirSync(root, { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    const path = join(root, name);
    mkdirSync(dirname(path), { recursive: true });
    if (typeof content === 'object' && !Buffer.isBuffer(content)) symlinkSync(content.symlink, path);
    else writeFileSync(path, content);
  }
  return realpathSync(root);
}

/** JSONL text: objects are stringified, strings are written as they are (broken lines). */
export function jsonl(...lines: (object | string)[]): string {
  return lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n';
}

/** Recorder lines as rpaweb rows carry them (shape ≤1.49, the rpaweb sample's). */
export const code = {
  openPage: { name: 'openPage', url: 'about:blank', signals: [], pageAlias: 'page' },
  navigate: (url: string) => ({ name: 'navigate', url, signals: [], pageAlias: 'page' }),
  /** The exact sample line of the brief / spec §0. */
  submit: JSON.parse(
    '{"name":"click","selector":"internal:role=button[name=\\"Submit\\"i]","signals":[{"name":"download","downloadAlias":"2"}],"button":"left","modifiers":0,"clickCount":1,"pageAlias":"page","locator":{"kind":"role","body":"button","options":{"attrs":[],"exact":false,"name":"Submit"}}}',
  ) as object,
  fill: (text: string) => ({
    name: 'fill',
    selector: 'internal:attr=[placeholder="Your email"i]',
    signals: [],
    text,
    pageAlias: 'page',
    locator: { kind: 'placeholder', body: 'Your email', options: { exact: false } },
  }),
  closePage: { name: 'closePage', signals: [], pageAlias: 'page' },
};

/** An rpaweb row with the fields the format has; `more` overrides or adds. */
export function row(
  id: string | number,
  step: number | string,
  browserCode: unknown,
  more: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    id,
    language: 'ca',
    intent: `intent ${id}`,
    step,
    input: '',
    requirements: '',
    outputs: '',
    anonymized_data: false,
    png_file: null,
    json_data: { browserCode },
    html_data: `<html>${id}:${step}</html>`,
    ...more,
  };
}
