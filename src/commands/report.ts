import { finalizeReports, NoResults } from '../report/finalize.js';

/**
 * `replaywright report <out>`: rebuilds `<out>/junit.xml` and `<out>/report/index.html` from the
 * results folder. Exit 0 when written, 2 when `<out>` has no results.jsonl.
 */
export async function reportCommand(
  args: { out: string },
  print: (line: string) => void = console.log,
  printError: (line: string) => void = console.error,
): Promise<number> {
  try {
    const r = await finalizeReports(args.out);
    if (r.unreadableLines) printError(`warning: ${r.unreadableLines} line(s) of results.jsonl could not be read and were skipped`);
    print(`${r.episodes} episode${r.episodes === 1 ? '' : 's'}`);
    print(`report: ${r.html}`);
    print(`junit:  ${r.junit}`);
    return 0;
  } catch (error) {
    if (error instanceof NoResults) {
      printError(error.message);
      return 2;
    }
    throw error;
  }
}
