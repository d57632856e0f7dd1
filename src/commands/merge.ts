import type { Logger } from 'pino';
import { finalizeReports } from '../report/finalize.js';
import { mergeResults, MergeInputError } from '../results/merge.js';
import { summaryLines } from '../report/terminal-summary.js';

export interface MergeArgs {
  inputs: string[];
  out: string;
  copyArtifacts: boolean;
}

/** Exit codes like `run`: 0 every merged episode passed, 1 some failed or errored, 2 bad input. */
export async function mergeCommand(args: MergeArgs, log: Logger, print: (line: string) => void = console.log): Promise<number> {
  try {
    const { summary, resultsFile } = mergeResults(args.inputs, args.out, { copyArtifacts: args.copyArtifacts, warn: (m) => log.warn(m) });
    // A merged folder is a results folder like any other: its reports cover every merged episode.
    const reports = await finalizeReports(args.out);
    print(`merged ${args.inputs.length} result folders`);
    for (const line of summaryLines(summary, resultsFile)) print(line);
    print(`report: ${reports.html}`);
    print(`junit: ${reports.junit}`);
    return summary.exitCode;
  } catch (error) {
    if (error instanceof MergeInputError) {
      log.error(error.message);
      return 2;
    }
    throw error;
  }
}
