import { terminalSafeDeep } from './terminal-safe.js';
import pino, { type Logger, type LoggerOptions } from 'pino';
import { NO_SECRETS, type Redactor } from './secrets.js';

export type LogFormat = 'pretty' | 'json';

/**
 * Pretty, short lines for a person at a terminal; JSON lines for machines (`--log-format json`,
 * or whenever stderr is not a TTY and nothing was asked). Logs go to stderr so stdout stays
 * the command's own output.
 */
export function createLogger(opts: { format?: LogFormat; level?: string; redactor?: Redactor } = {}): Logger {
  const format = opts.format ?? (process.stderr.isTTY ? 'pretty' : 'json');
  const level = opts.level ?? process.env.REPLAYWRIGHT_LOG_LEVEL ?? 'info';
  const secrets = secretOptions(opts.redactor ?? NO_SECRETS);
  if (format === 'json') return pino({ level, base: undefined, ...secrets }, pino.destination({ fd: 2, sync: true }));
  return pino({
    level,
    ...secrets,
    // Pretty lines reach a terminal as they are: dataset text in them is made terminal-safe.
    hooks: {
      logMethod(args, method) {
        const scrubbed = secrets.hooks ? args.map((a) => (opts.redactor ?? NO_SECRETS).scrubDeep(a)) : args;
        method.apply(this, scrubbed.map((a) => terminalSafeDeep(a)) as Parameters<typeof method>);
      },
    },
    transport: {
      target: 'pino-pretty',
      options: { destination: 2, colorize: true, ignore: 'pid,hostname', translateTime: 'HH:MM:ss', sync: true },
    },
  });
}

/** A logger that drops everything, for library callers and tests that want none. */
export const silentLogger: Logger = pino({ level: 'silent' });

/**
 * Secret values out of every log line: fields that hold params are censored by pino, and every
 * string logged (message, fields, error text) goes through the redactor, since a value can
 * surface anywhere — an error message quoting the page, a URL with a query.
 */
function secretOptions(redactor: Redactor): Pick<LoggerOptions, 'redact' | 'hooks'> {
  if (!redactor.active) return {};
  return {
    redact: { paths: ['params', '*.params', 'secrets', '*.secrets'], censor: '[redacted]' },
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((a) => redactor.scrubDeep(a)) as Parameters<typeof method>);
      },
    },
  };
}
