#!/usr/bin/env node
// Start-up cost is what every command pays, so this file loads only yargs and the small modules
// its option definitions and checks use. Each command's own modules (Playwright, the decoders,
// pino, zod, the reports) are imported inside its handler, when that command runs: `--version`,
// `--help`, `validate`, `inspect` and `schema` never load Playwright.
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { liveOnlyFlags } from './commands/snapshot-flags.js';
import { parseStartUrls } from './replay/start-urls.js';
import { FORMAT_CHOICES, type FormatChoice } from './formats/format-choices.js';
import type { LogFormat } from './log.js';
import { parseShard } from './replay/shard.js';
import { parseViewport } from './config/viewport-flag.js';
import { parseUrlMapping } from './ir/url-map.js';
import { resolve } from 'node:path';
import { gatherParams } from './config/params.js';
import { Redactor } from './secrets.js';
import { harProblem } from './replay/offline.js';
import { dropWritesToClosedPipes } from './closed-pipe.js';
import { skipHelpCache } from './commands/skip-help-cache.js';
import { CONFIG_FLAG, configAsFlags, configForCommandLine, flagsAsConfig, GLOBAL_OPTIONS, RUN_OPTIONS } from './config/index.js';
import { DEFAULT_STEP_TIMEOUT_MS } from './ir/defaults.js';
import { DEMO_NUMBER_RULES, numericOptionProblem, RUN_NUMBER_RULES } from './commands/numeric-options.js';
import { blockedUrl, URL_SCHEME_PATTERN } from './replay/sandbox/url-policy.js';

/** pino and its pretty transport, loaded by the commands that log. */
const createLogger = async (...args: Parameters<typeof import('./log.js').createLogger>) =>
  (await import('./log.js')).createLogger(...args);

dropWritesToClosedPipes();

/** `--param`, `--secret`, `--params FILE` and `REPLAYWRIGHT_PARAM_*`/`REPLAYWRIGHT_SECRET_*` (see config/params.ts). */
const paramsOf = (a: { param?: string[]; secret?: string[]; params?: string }) =>
  gatherParams({ param: list(a.param), secret: list(a.secret), file: a.params, env: process.env });

/** `--images DIR` (from the working folder) as the BabyAGI decoder's `imagesDir`. */
const decodeChoices = (images: string | undefined): Record<string, unknown> | undefined =>
  images === undefined ? undefined : { imagesDir: resolve(images) };

const list = (v: unknown): string[] => (v === undefined ? [] : Array.isArray(v) ? v.map(String) : [String(v)]);

// replaywright.config.* (or --config FILE) gives `run` its options; flags given win. A bad one: exit 2.
const config = await configForCommandLine(hideBin(process.argv)).catch((error: Error) => {
  console.error(error.message);
  process.exit(2);
});

let exitCode = 0;
const cli = yargs(hideBin(process.argv));
skipHelpCache(cli);
await cli
  .scriptName('replaywright')
  .usage('$0 <command> [options]')
  .options(GLOBAL_OPTIONS)
  .command(
    'run [dataset]',
    'replay every episode of a dataset file or folder in headless Chromium',
    (y) =>
      y
        .positional('dataset', { type: 'string', describe: 'a dataset file, or a folder to search (default: `dataset` of the config)' })
        .option('config', CONFIG_FLAG)
        .options(RUN_OPTIONS)
        .config(configAsFlags(config.config))
        .check((a) => {
          if (!a.dataset) throw new Error('run needs a dataset: name it, or set `dataset` in replaywright.config');
          const numeric = numericOptionProblem(a, RUN_NUMBER_RULES);
          if (numeric) throw new Error(numeric);
          for (const scheme of list(a['allow-url-scheme']))
            if (!URL_SCHEME_PATTERN.test(scheme))
              throw new Error(
                `--allow-url-scheme expects a scheme name such as file (lower case, no colon), got ${JSON.stringify(scheme)}`,
              );
          const startUrls = parseStartUrls(list(a['start-url']));
          for (const url of [startUrls?.all, ...Object.values(startUrls?.byWebsite ?? {})]) {
            const blocked = url === undefined ? undefined : blockedUrl(url, list(a['allow-url-scheme']));
            if (blocked) throw new Error(`--start-url: ${blocked}`);
          }
          if (a.shard !== undefined) parseShard(a.shard);
          if (a.viewport !== undefined) parseViewport(a.viewport);
          if (a.calibrate && a.mode === 'snapshot') throw new Error('--calibrate learns from a live page: snapshot mode has none');
          if (a.calibrate && a.compare === 'off')
            throw new Error('--calibrate learns what comparison should ignore: it needs --compare other than off');
          const har = harProblem(a.har);
          if (har) throw new Error(har);
          return true;
        }),
    async (a) => {
      // Chromium starts launching first, in its own process, while this one loads the replay
      // engine and decodes the dataset (threads launch their own browsers).
      // A sealed run's browser is launched with the sealed flags (WebRTC UDP policy) like every other.
      const [{ startEarlyBrowser }, { networkSealed }] = await Promise.all([
        import('./replay/browser-source.js'),
        import('./replay/sandbox/webrtc.js'),
      ]);
      const sealedNetwork = networkSealed({ replayMode: a.mode, offline: a.offline, har: a.har });
      const early =
        a['worker-mode'] === 'threads'
          ? undefined
          : startEarlyBrowser({ headed: a.headed, slowMo: a['slow-mo'], connect: a.connect, ownSignals: true, sealedNetwork });
      const { runCommand } = await import('./commands/run.js');
      const ignored = a.mode === 'snapshot' ? liveOnlyFlags(a) : [];
      if (ignored.length) process.stderr.write(`warning: snapshot mode ignores ${ignored.join(', ')} (live replay only)\n`);
      const config = { ...flagsAsConfig(a), dataset: a.dataset! };
      // Gathered once: the logger redacts the secrets, and the run types the params.
      const given = paramsOf(a);
      exitCode = await runCommand(
        { config, env: process.env, given, early },
        await createLogger({
          format: a['log-format'] as LogFormat | undefined,
          level: a['log-level'],
          redactor: new Redactor(given.secrets),
        }),
      );
      // A browser launched ahead that no worker took (any early exit) must not keep the process alive.
      await early?.discard();
      if (a.heal && exitCode !== 2) {
        const { writeHealed } = await import('./commands/heal.js');
        for (const line of await writeHealed({ dataset: a.dataset!, out: a.out, format: a.format, decode: decodeChoices(a.images) }))
          console.log(line);
      }
    },
  )
  .command(
    'approve <out>',
    'make the live before-states of a `run --heal` the recorded ones in <out>/healed/, for the episodes you accept',
    (y) =>
      y
        .positional('out', { type: 'string', demandOption: true, describe: 'a results folder of `run --heal`' })
        .option('episode', { type: 'string', array: true, describe: 'an episode you accept (repeatable)' })
        .option('all-passed', { type: 'boolean', default: false, describe: 'accept every passed episode' }),
    async (a) => {
      const { approveCommand } = await import('./commands/approve.js');
      exitCode = await approveCommand({ out: a.out, episodes: list(a.episode), allPassed: a['all-passed'] });
    },
  )
  .command(
    'diff <dataset> <healed>',
    'per step, the old and new locator and (after approve) the old and new before-state',
    (y) =>
      y
        .positional('dataset', { type: 'string', demandOption: true, describe: 'the dataset as recorded' })
        .positional('healed', { type: 'string', demandOption: true, describe: 'its healed copy (<out>/healed)' })
        .option('html', { type: 'string', describe: 'also write the diff as an HTML page, images side by side' }),
    async (a) => {
      const { diffCommand } = await import('./commands/diff.js');
      exitCode = await diffCommand({ dataset: a.dataset, healed: a.healed, html: a.html });
    },
  )
  .command(
    'merge <results..>',
    'combine the results folders of several runs (shards, re-runs) into one; the last line per episode wins',
    (y) =>
      y
        .positional('results', {
          type: 'string',
          array: true,
          demandOption: true,
          describe: 'results folders (`run --out`), in order: later ones win',
        })
        .option('out', { type: 'string', demandOption: true, describe: 'merged results folder (may be one of the inputs)' })
        .option('copy-artifacts', { type: 'boolean', default: true, describe: "copy each kept episode's episodes/<id>/ folder along" }),
    async (a) => {
      const { mergeCommand } = await import('./commands/merge.js');
      exitCode = await mergeCommand(
        { inputs: list(a.results), out: a.out, copyArtifacts: a['copy-artifacts'] },
        await createLogger({ format: a['log-format'] as LogFormat | undefined, level: a['log-level'] }),
      );
    },
  )
  .command(
    'inspect <dataset>',
    'list episodes, steps and decoded actions',
    (y) =>
      y
        .positional('dataset', { type: 'string', demandOption: true })
        .option('format', { choices: FORMAT_CHOICES, default: 'auto' as FormatChoice })
        .option('episode', { type: 'string', array: true })
        .option('json', { type: 'boolean', default: false, describe: 'print each episode as IR JSON' })
        .option('images', {
          type: 'string',
          describe: 'BabyAGI screenshots folder, used as given (default: images/ next to each metadata file)',
        }),
    async (a) => {
      const { inspectCommand } = await import('./commands/inspect.js');
      exitCode = await inspectCommand({
        dataset: a.dataset,
        format: a.format,
        episodes: list(a.episode),
        json: a.json,
        decode: decodeChoices(a.images),
      });
    },
  )
  .command(
    'validate <dataset>',
    'decode only; report every problem with file:line and field',
    (y) =>
      y
        .positional('dataset', { type: 'string', demandOption: true })
        .option('format', { choices: FORMAT_CHOICES, default: 'auto' as FormatChoice })
        .option('images', {
          type: 'string',
          describe: 'BabyAGI screenshots folder, used as given (default: images/ next to each metadata file)',
        }),
    async (a) => {
      const { validateCommand } = await import('./commands/validate.js');
      exitCode = await validateCommand({ dataset: a.dataset, format: a.format, decode: decodeChoices(a.images) });
    },
  )
  .command(
    'report <out>',
    'rebuild junit.xml and the HTML report (report/index.html) of a results folder',
    (y) => y.positional('out', { type: 'string', demandOption: true, describe: 'a results folder (has results.jsonl)' }),
    async (a) => {
      const { reportCommand } = await import('./commands/report.js');
      exitCode = await reportCommand({ out: a.out });
    },
  )
  .command(
    'export <dataset>',
    'write one episode as a @playwright/test spec or as its decoded IR (JSON)',
    (y) =>
      y
        .positional('dataset', { type: 'string', demandOption: true, describe: 'a dataset file, or a folder to search' })
        .option('episode', { type: 'string', describe: 'the episode id (optional when the dataset has one episode)' })
        .option('to', { choices: ['playwright-test', 'ir'] as const, demandOption: true, describe: 'what to write' })
        .option('out', { type: 'string', describe: 'file to write (default: stdout)' })
        .option('format', { choices: FORMAT_CHOICES, default: 'auto' as FormatChoice })
        .option('map-url', {
          type: 'string',
          array: true,
          describe: 'FROM=TO: write recorded URLs starting with FROM with TO (repeatable)',
        })
        .option('param', { type: 'string', array: true, describe: 'NAME=VALUE: steps using this param read process.env.NAME (repeatable)' })
        .option('secret', { type: 'string', array: true, describe: 'NAME=VALUE: the same, and the value never written (repeatable)' })
        .option('params', { type: 'string', describe: 'JSON file of params, as for run' }),
    async (a) => {
      const { exportCommand } = await import('./commands/export.js');
      const given = paramsOf(a);
      const episodes = list(a.episode);
      if (episodes.length > 1) throw new Error('export writes one episode: give --episode once');
      exitCode = await exportCommand({
        dataset: a.dataset,
        format: a.format,
        episode: episodes[0],
        to: a.to,
        out: a.out,
        urlMappings: list(a['map-url']).map(parseUrlMapping),
        params: given.params,
        secrets: given.secrets,
      });
    },
  )
  .command('schema', 'print the JSON Schema of the action IR', {}, async () => {
    const { irJsonSchema } = await import('./commands/schema.js');
    console.log(JSON.stringify(irJsonSchema(), null, 2));
  })
  .command('doctor', 'say which browser replays would use', {}, async () => {
    const { doctorCommand } = await import('./commands/doctor.js');
    exitCode = doctorCommand();
  })
  .command(
    'demo',
    'replay the bundled fixture recordings against the bundled site',
    (y) =>
      y
        .option('out', { type: 'string', default: 'out/demo' })
        .option('timeout', { type: 'number', default: DEFAULT_STEP_TIMEOUT_MS })
        .option('headed', { type: 'boolean', default: false })
        .check((a) => {
          const numeric = numericOptionProblem(a, DEMO_NUMBER_RULES);
          if (numeric) throw new Error(numeric);
          return true;
        }),
    async (a) => {
      const { demoCommand } = await import('./commands/demo.js');
      exitCode = await demoCommand(
        { out: a.out, timeoutMs: a.timeout, headed: a.headed },
        await createLogger({ format: a['log-format'] as LogFormat | undefined, level: a['log-level'] ?? 'warn' }),
      );
    },
  )
  .demandCommand(1, 'name a command: run, approve, diff, merge, report, export, inspect, validate, schema, doctor or demo')
  .strict()
  .fail((msg, err) => {
    // Usage mistakes and bad option values: a message and exit 2, never a stack trace.
    console.error(msg ?? err?.message);
    if (msg) console.error('see `replaywright --help`');
    process.exit(2);
  })
  .help()
  .parseAsync();

process.exitCode = exitCode;
