import { basename, extname } from 'node:path';
import { Episode } from '../../ir/episode.js';
import { Viewport } from '../../ir/target.js';
import type { RejectedEpisode } from '../format.js';
import type { FieldIssue } from '../field-issue.js';
import { pinIssue, zodIssues } from '../field-issue.js';
import { isPlainObject, type JsonLine } from '../json-line.js';
import type { Problem } from '../../ir/problem.js';
import { decodeRecorderLine, type RecorderStep } from '../recorder/line.js';
import { shareSameElementLocators } from '../recorder/same-element.js';

/**
 * A plain `playwright codegen --target=jsonl` file: an optional header line (the generator
 * options: browserName, launchOptions, contextOptions…, recognisable by having no `name`)
 * and one recorder action per line. The whole file is one recording, so it is one episode
 * named after the file; any bad line rejects it, since replaying around a hole would not
 * be the recording any more.
 */
export class CodegenEpisode {
  readonly id: string;
  private header?: Record<string, unknown>;
  private firstLine?: number;
  private steps: { line: number; step: RecorderStep }[] = [];
  private problems: Problem[] = [];
  /** Whether a line parsed yet: only the first JSON line can be the header. */
  private parsedAny = false;

  constructor(private readonly file: string) {
    this.id = basename(file, extname(file));
  }

  add(line: JsonLine): void {
    this.firstLine ??= line.line;
    const issues: FieldIssue[] = [...line.issues];
    if (line.error !== undefined) {
      issues.push({ message: line.error, severity: 'error' });
    } else if (!this.parsedAny && isPlainObject(line.value) && !('name' in line.value)) {
      this.parsedAny = true;
      this.header = line.value;
    } else {
      this.parsedAny = true;
      const decoded = decodeRecorderLine(line.value);
      issues.push(...decoded.issues);
      if (decoded.step) this.steps.push({ line: line.line, step: decoded.step });
    }
    this.problems.push(...issues.map((i) => pinIssue(i, this.file, line.line, this.id)));
  }

  finish(): { episode?: Episode; rejected?: RejectedEpisode; problems: Problem[] } {
    const problems = this.problems;
    if (this.firstLine === undefined) return { problems };
    const source = { file: this.file, line: this.firstLine };
    const reject = () => ({ rejected: { id: this.id, format: 'rpaweb' as const, source, problems }, problems });
    if (problems.some((p) => p.severity === 'error')) return reject();
    if (this.steps.length === 0) {
      problems.push({
        file: this.file,
        line: this.firstLine,
        episode: this.id,
        message: 'a codegen header but no action lines: nothing to replay',
        severity: 'warning',
      });
      return { problems };
    }

    const viewport = this.viewport(problems);
    const meta: Record<string, unknown> = { ...this.header };
    const extras = this.steps.map(({ step }) => step.extras);
    if (extras.some((e) => Object.keys(e).length)) meta.steps = extras;
    const candidate = {
      id: this.id,
      format: 'rpaweb',
      describedAs: 'a plain codegen file',
      steps: shareSameElementLocators(
        this.steps.map(({ line, step }) => ({ line, page: step.page, action: step.action, expect: step.expect, ref: step.extras.ref })),
      ).map(({ line, page, action, expect }, index) => ({
        index,
        page,
        action,
        expect,
        ...(viewport ? { before: { viewport } } : {}),
        source: { file: this.file, line },
      })),
      meta,
      source,
    };
    const parsed = Episode.safeParse(candidate);
    if (!parsed.success) {
      for (const i of zodIssues(parsed.error))
        problems.push(pinIssue({ ...i, message: `episode does not fit the IR: ${i.message}` }, this.file, this.firstLine, this.id));
      return reject();
    }
    return { episode: parsed.data, problems };
  }

  /** The recording's viewport (`contextOptions.viewport`), the size every before-state had. */
  private viewport(problems: Problem[]): Viewport | undefined {
    const context = this.header?.contextOptions;
    const raw = isPlainObject(context) ? context.viewport : undefined;
    if (raw === undefined || raw === null) return undefined; // null = no fixed viewport
    const v = Viewport.safeParse(raw);
    if (v.success) return v.data;
    for (const i of zodIssues(v.error, 'contextOptions.viewport', 'warning'))
      problems.push(pinIssue({ ...i, message: `${i.message}; viewport ignored` }, this.file, this.firstLine, this.id));
    return undefined;
  }
}
