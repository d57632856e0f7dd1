/**
 * `replaywright inspect … | head`: once the reader closes the pipe, every later write fails with
 * EPIPE, which Node throws as an unhandled 'error' event (a stack trace). Output nobody reads is
 * dropped instead; the command finishes as it would have (a run still writes its results).
 */
export function dropWritesToClosedPipes(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE') throw e;
    });
  }
}
