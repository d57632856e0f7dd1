import type { Logger } from 'pino';
import type { Episode } from '../ir/episode.js';
import type { DatasetItem, RejectedEpisode } from '../ir/rejected.js';
import { openDataset, type DatasetStream, type FormatChoice } from '../formats/load-dataset.js';
import { episodeInputNames, unusedParamNames } from '../ir/inputs.js';
import { formatProblem } from '../ir/problem.js';
import type { EpisodeResult } from '../ir/results.js';
import { streamChains } from '../replay/chain-stream.js';
import { formatShard, inShard, type Shard } from '../replay/shard.js';
import type { Progress } from '../report/progress.js';
import { rejectedResult } from '../results/rejected.js';
import type { ResultsWriter } from '../results/writer.js';
import type { Redactor, Secret } from '../secrets.js';

/** The run options that decide what is read and which episodes are handed to the workers. */
export interface FeedArgs {
  dataset: string;
  format: FormatChoice;
  decode?: Record<string, unknown>;
  /** `--episode`: only these ids (empty: all). */
  episodes: string[];
  shard?: Shard;
  resume?: boolean;
  params: Record<string, string>;
  secrets?: Secret[];
}

/** Where the feed reports what it does with each chain. */
export interface FeedSinks {
  writer: ResultsWriter;
  progress: Progress;
  /** Prints one finished (here: rejected) episode. */
  show: (result: EpisodeResult) => void;
}

/**
 * The dataset side of a run: decodes the dataset as workers take chains (never all held at
 * once), filters by --episode, --shard and --resume, turns rejected episodes into results, logs
 * input problems as they are found, and once read to its end warns about what was asked for and
 * never met. `open` returns undefined (and has logged why) when there is nothing to replay.
 */
export class DatasetFeed {
  /** Chains handed to the workers. */
  chainCount = 0;
  /** Episodes handed to the workers. */
  toReplay = 0;
  /** Every episode handed to the workers (what --calibrate may have learned from). */
  readonly queuedIds: string[] = [];
  /** Whether the dataset stream was read to its end (an interrupt stops reading it). */
  readToEnd = false;
  private logged = 0;

  private constructor(
    readonly data: DatasetStream,
    private readonly first: IteratorResult<DatasetItem>,
    private readonly items: AsyncGenerator<DatasetItem>,
    private readonly args: FeedArgs,
    private readonly redactor: Redactor,
    private readonly log: Logger,
  ) {}

  static async open(args: FeedArgs, redactor: Redactor, log: Logger): Promise<DatasetFeed | undefined> {
    const data = await openDataset(args.dataset, { format: args.format, decode: args.decode });
    const items = data.items();
    const first = await items.next();
    const feed = new DatasetFeed(data, first, items, args, redactor, log);
    feed.logProblems();
    if (data.files.length === 0 || (first.done && data.recordsRead === 0)) {
      log.error(`nothing to replay in ${args.dataset}: ${data.files.length === 0 ? 'no dataset file found' : 'no record could be read'}`);
      return undefined;
    }
    return feed;
  }

  /** Every input problem found so far, formatted and redacted (for summary.json). */
  problems(): string[] {
    return this.data.problems.map((p) => this.redactor.scrub(formatProblem(p)));
  }

  /** The chains to replay, read from the dataset as they are asked for. */
  async *chains({ writer, progress, show }: FeedSinks): AsyncGenerator<Episode[]> {
    const { args, log } = this;
    // Shard by chain (the first episode of a continues-chain), so the split is the same whichever
    // --episode filter or machine is used; --resume skips what results.jsonl already has.
    const wanted = new Set(args.episodes);
    const met = new Set<string>();
    let inShardCount = 0;
    /** The param names the replayed episodes can use, to warn about a given one none can. */
    const askedParams = new Set<string>();
    const keep = (id: string, root: string) => {
      if (wanted.size > 0 && !wanted.has(id)) return false;
      met.add(id);
      if (!inShard(root, args.shard)) return false;
      inShardCount++;
      return !writer.carriedOver(id);
    };
    const first = this.first;
    const items = this.items;
    const all = (async function* () {
      if (!first.done) yield first.value;
      yield* items;
    })();
    const onRejected = (r: RejectedEpisode) => {
      const result = this.redactor.scrubDeep(rejectedResult(r));
      writer.add(result);
      show(result);
    };
    for await (const chain of streamChains(all, { keep, onRejected })) {
      this.logProblems();
      this.chainCount++;
      this.queuedIds.push(...chain.map((e) => e.id));
      for (const e of chain) for (const n of episodeInputNames(e)) askedParams.add(n);
      this.toReplay += chain.length;
      progress.grow(chain.length);
      yield chain;
    }
    this.logProblems();
    progress.settle();
    this.readToEnd = true;
    for (const id of wanted) if (!met.has(id)) log.warn(`--episode ${id}: no such episode in ${args.dataset}`);
    const asked = [...askedParams];
    // Episodes carried over by --resume are not replayed, so what they ask for is not collected: no warning.
    if (writer.resumed === 0)
      for (const name of unusedParamNames(new Set([...Object.keys(args.params), ...(args.secrets ?? []).map((x) => x.name)]), asked)) {
        log.warn(
          `param ${name}: no replayed episode asks for it (${asked.length ? `they ask for ${asked.join(', ')}` : 'none asks for any'}); it was not used`,
        );
      }
    if (args.shard)
      log.info({ shard: formatShard(args.shard), episodes: inShardCount }, `shard ${formatShard(args.shard)}: ${inShardCount} episodes`);
    if (args.resume)
      log.info(
        { kept: writer.resumed, toReplay: this.toReplay },
        `resuming: ${writer.resumed} episodes already in ${writer.resultsFile}, ${this.toReplay} replayed`,
      );
  }

  private logProblems(): void {
    for (; this.logged < this.data.problems.length; this.logged++)
      this.log.warn(this.redactor.scrub(formatProblem(this.data.problems[this.logged]!)));
  }
}
