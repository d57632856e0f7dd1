import pino, { type Logger } from 'pino';

export type LogFormat = 'pretty' | 'json';

/**
 * Pretty, short lines for a person at a terminal; JSON lines for machines (`--log-format json`,
 * or whenever stderr is not a TTY and nothing was asked). Logs go to stderr so stdout stays
 * the command's own output.
 */
export function createLogger(opts: { format?: LogFormat; level?: string } = {}): Logger {
  const format = opts.format ?? (process.stderr.isTTY ? 'pretty' : 'json');
  const level = opts.level ?? process.env.REPLAYWRIGHT_LOG_LEVEL ?? 'info';
  if (format === 'json') return pino({ level, base: undefined }, pino.destination({ fd: 2, sync: true }));
  return pino({
    level,
    transport: {
      target: 'pino-pretty',
      options: { destination: 2, colorize: true, ignore: 'pid,hostname', translateTime: 'HH:MM:ss', sync: true },
    },
  });
}

/** A logger that drops everything, for library callers and tests that want none. */
export const silentLogger: Logger = pino({ level: 'silent' });
