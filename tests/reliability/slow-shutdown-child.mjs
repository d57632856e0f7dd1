// A process that uses replaywright's interrupt handling and then takes 60 s to "write its reports"
// after the first signal, so a test can send the second signal while the shutdown is surely still
// in progress (a real run's shutdown can finish in tens of milliseconds, before any second signal).
import { onInterrupt } from '../../dist/commands/interrupt.js';

const interrupt = onInterrupt((message) => process.stderr.write(`${message}\n`));
interrupt.signal.addEventListener('abort', () => {
  process.stderr.write('shutdown started\n');
  setTimeout(() => process.exit(interrupt.exitCode()), 60_000);
});
process.stdout.write('ready\n');
setInterval(() => {}, 1_000);
