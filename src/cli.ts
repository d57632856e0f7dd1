#!/usr/bin/env node
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { demoCommand } from './commands/demo.js';
import { doctorCommand } from './commands/doctor.js';
import { inspectCommand } from './commands/inspect.js';
import { runCommand } from './commands/run.js';
import { irJsonSchema } from './commands/schema.js';
import { validateCommand } from './commands/validate.js';
import { FORMAT_CHOICES, type FormatChoice } from './formats/load-dataset.js';
import { createLogger, type LogFormat } from './log.js';
import { parseUrlMapping } from './replay/url-map.js';

/** `--param K=V` pairs into an object; a pair without `=` is a usage error. */
function parseParams(pairs: string[]): Record<string, string> {
  const params: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new Error(`--param expects NAME=VALUE, got "${pair}"`);
    params[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return params;
}

const list = (v: unknown): string[] => (v === undefined ? [] : Array.isArray(v) ? v.map(String) : [String(v)]);

let exitCode = 0;
await yargs(hideBin(process.argv))
  .scriptName('replaywright')
  .usage('$0 <command> [options]')
  .option('log-format', { choices: ['pretty', 'json'] as const, describe: 'log style (default: pretty on a TTY, JSON otherwise)' })
  .option('log-level', { type: 'string', describe: 'pino level: debug, info, warn, error, silent' })
  .command(
    'run <dataset>',
    'replay every episode of a dataset file or folder in headless Chromium',
    (y) => y
      .positional('dataset', { type: 'string', demandOption: true, describe: 'a dataset file, or a folder to search' })
      .option('out', { type: 'string', default: 'out/run', describe: 'results folder' })
      .option('format', { choices: FORMAT_CHOICES, default: 'auto' as FormatChoice })
      .option('episode', { type: 'string', array: true, describe: 'replay only these episode ids (repeatable)' })
      .option('map-url', { type: 'string', array: true, describe: 'FROM=TO: replay recorded URLs starting with FROM at TO (repeatable)' })
      .option('param', { type: 'string', array: true, describe: 'NAME=VALUE for steps that need input (repeatable)' })
      .option('timeout', { type: 'number', default: 10_000, describe: 'per-step timeout, ms' })
      .option('files-dir', { type: 'string', describe: 'where setInputFiles finds recorded file names (default: dataset folder)' })
      .option('strict', { type: 'boolean', default: false, describe: 'find targets by the recorded selector only (no fallbacks)' })
      .option('min-score', { type: 'number', default: 0.6, describe: 'lowest similarity (0-1) a fallback target match may have' })
      .option('final-text-min', { type: 'number', default: 0.97, describe: 'lowest visible-text similarity of the final page to the recorded one' })
      .option('headed', { type: 'boolean', default: false })
      .option('slow-mo', { type: 'number', describe: 'slow every browser operation by MS' }),
    async (a) => {
      exitCode = await runCommand(
        {
          dataset: a.dataset,
          out: a.out,
          format: a.format,
          episodes: list(a.episode),
          urlMappings: list(a['map-url']).map(parseUrlMapping),
          params: parseParams(list(a.param)),
          timeoutMs: a.timeout,
          headed: a.headed,
          slowMo: a['slow-mo'],
          filesDir: a['files-dir'],
          strict: a.strict,
          minScore: a['min-score'],
          finalTextMin: a['final-text-min'],
        },
        createLogger({ format: a['log-format'] as LogFormat | undefined, level: a['log-level'] }),
      );
    },
  )
  .command(
    'inspect <dataset>',
    'list episodes, steps and decoded actions',
    (y) => y
      .positional('dataset', { type: 'string', demandOption: true })
      .option('format', { choices: FORMAT_CHOICES, default: 'auto' as FormatChoice })
      .option('episode', { type: 'string', array: true })
      .option('json', { type: 'boolean', default: false, describe: 'print each episode as IR JSON' }),
    async (a) => {
      exitCode = await inspectCommand({ dataset: a.dataset, format: a.format, episodes: list(a.episode), json: a.json });
    },
  )
  .command(
    'validate <dataset>',
    'decode only; report every problem with file:line and field',
    (y) => y.positional('dataset', { type: 'string', demandOption: true }).option('format', { choices: FORMAT_CHOICES, default: 'auto' as FormatChoice }),
    async (a) => {
      exitCode = await validateCommand({ dataset: a.dataset, format: a.format });
    },
  )
  .command('schema', 'print the JSON Schema of the action IR', {}, () => {
    console.log(JSON.stringify(irJsonSchema(), null, 2));
  })
  .command('doctor', 'say which browser replays would use', {}, () => {
    exitCode = doctorCommand();
  })
  .command(
    'demo',
    'replay the bundled fixture recordings against the bundled site',
    (y) => y
      .option('out', { type: 'string', default: 'out/demo' })
      .option('timeout', { type: 'number', default: 10_000 })
      .option('headed', { type: 'boolean', default: false }),
    async (a) => {
      exitCode = await demoCommand({ out: a.out, timeoutMs: a.timeout, headed: a.headed }, createLogger({ format: a['log-format'] as LogFormat | undefined, level: a['log-level'] ?? 'warn' }));
    },
  )
  .demandCommand(1, 'name a command: run, inspect, validate, schema, doctor or demo')
  .strict()
  .fail((msg, err) => {
    // Usage mistakes and bad option values: a message and exit 2, never a stack trace.
    console.error(msg ?? err?.message);
    if (msg) console.error("see `replaywright --help`");
    process.exit(2);
  })
  .help()
  .parseAsync();

process.exitCode = exitCode;
