import { REASONS } from '../ir/results.js';
import { camelCase } from './define-config.js';
import { CONFIG_FLAG, GLOBAL_OPTIONS, RUN_OPTIONS } from './run-options.js';

// The reference sections of docs/ that are generated from the code (scripts/gen-docs.mjs writes
// them; tests/docs/generated-docs.spec.ts fails when they are stale), so they cannot drift.

interface Spec {
  type?: string;
  choices?: readonly unknown[];
  array?: boolean;
  default?: unknown;
  describe?: string;
  hidden?: boolean;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (text: string) => `\`${text}\``;

function valueOf(spec: Spec): string {
  if (spec.choices) return spec.choices.map((c) => code(String(c))).join(' | ');
  if (spec.type === 'boolean') return 'flag';
  return spec.array ? `${spec.type} (repeatable)` : (spec.type ?? 'string');
}

function defaultOf(name: string, spec: Spec): string {
  if (spec.default === undefined || spec.default === false) return '';
  if (name === 'max-artifact-bytes' && typeof spec.default === 'number') return `${spec.default / 1024 / 1024} MiB`;
  return code(String(spec.default));
}

function row(name: string, spec: Spec, configKey: string): string {
  return `| ${code(`--${name}`)} | ${configKey} | ${cell(valueOf(spec))} | ${defaultOf(name, spec)} | ${cell(spec.describe ?? '')} |`;
}

/** The `run` options (hidden ones left out) as a Markdown table: flag, config key, value, default, meaning. */
export function optionsTable(): string {
  const specs: [string, Spec][] = [...Object.entries(RUN_OPTIONS), ...Object.entries(GLOBAL_OPTIONS)];
  return [
    '| flag | config key | value | default | meaning |',
    '|---|---|---|---|---|',
    ...specs.filter(([, s]) => !s.hidden).map(([name, spec]) => row(name, spec, code(camelCase(name)))),
    row('config', CONFIG_FLAG, '—'),
  ].join('\n');
}

/** Every failure reason with what it means, as a Markdown list. */
export function reasonsList(): string {
  return Object.entries(REASONS)
    .map(([reason, meaning]) => `- ${code(reason)}: ${meaning}`)
    .join('\n');
}

/** The generated sections: marker name → content. */
export const GENERATED_SECTIONS: Record<string, { file: string; render: () => string }> = {
  options: { file: 'docs/options.md', render: optionsTable },
  reasons: { file: 'docs/results.md', render: reasonsList },
};

const START = (name: string) => `<!-- generated:${name} by scripts/gen-docs.mjs from the code; do not edit by hand -->`;
const END = (name: string) => `<!-- /generated:${name} -->`;

/** `text` with the section `name` replaced by `content`; throws when the file lacks the markers. */
export function withSection(text: string, name: string, content: string): string {
  const start = text.indexOf(START(name));
  const end = text.indexOf(END(name));
  if (start < 0 || end < start) throw new Error(`no ${START(name)} … ${END(name)} markers`);
  return `${text.slice(0, start)}${START(name)}\n${content}\n${text.slice(end)}`;
}

/** The section `name` of `text` as it stands, or undefined. */
export function sectionOf(text: string, name: string): string | undefined {
  const start = text.indexOf(START(name));
  const end = text.indexOf(END(name));
  return start < 0 || end < start ? undefined : text.slice(start + START(name).length + 1, end - 1);
}
