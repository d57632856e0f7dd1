import { Expectation } from '../../ir/expectation.js';
import type { FieldIssue } from '../field-issue.js';
import { joinField, zodIssues } from '../field-issue.js';
import { isRecorderSignalName, RecorderSignal } from './schema.js';

/**
 * Recorder signals as IR expectations: what the recording saw happen because of the action,
 * which the replay must see too (and handle, as codegen does: wait for the popup/download,
 * dismiss the dialog). Dialogs are `dismiss` because the recorder can record nothing else.
 */
export function expectationsFromSignals(signals: readonly unknown[], at?: string): { expect: Expectation[]; issues: FieldIssue[] } {
  const expect: Expectation[] = [];
  const issues: FieldIssue[] = [];
  signals.forEach((signal, i) => {
    const here = joinField(at, 'signals', i);
    const name = (signal as { name?: unknown } | null)?.name;
    if (typeof signal !== 'object' || signal === null || Array.isArray(signal)) {
      issues.push({ field: here, message: 'expected a signal object', severity: 'error' });
    } else if (typeof name !== 'string') {
      issues.push({
        field: joinField(here, 'name'),
        message: name === undefined ? 'missing (expected string)' : 'expected a string',
        severity: 'error',
      });
    } else if (!isRecorderSignalName(name)) {
      issues.push({
        field: joinField(here, 'name'),
        message: `unknown signal ${JSON.stringify(name)} (known: ${Object.keys(RecorderSignal).join(', ')})`,
        severity: 'error',
      });
    } else {
      const one = expectationFromSignal(name, signal, here);
      if ('issues' in one) issues.push(...one.issues);
      else expect.push(one.expect);
    }
  });
  return { expect, issues };
}

function expectationFromSignal(
  name: keyof typeof RecorderSignal,
  signal: object,
  here?: string,
): { expect: Expectation } | { issues: FieldIssue[] } {
  let candidate: unknown;
  switch (name) {
    case 'navigation': {
      const s = RecorderSignal.navigation.safeParse(signal);
      if (!s.success) return { issues: zodIssues(s.error, here) };
      candidate = { kind: 'navigation', url: s.data.url };
      break;
    }
    case 'popup': {
      const s = RecorderSignal.popup.safeParse(signal);
      if (!s.success) return { issues: zodIssues(s.error, here) };
      const page = s.data.popupAlias ?? s.data.popupPageGuid;
      if (page === undefined)
        return {
          issues: [
            {
              field: joinField(here, 'popupAlias'),
              message: 'missing (a popup signal needs popupAlias or popupPageGuid)',
              severity: 'error',
            },
          ],
        };
      candidate = { kind: 'popup', page };
      break;
    }
    case 'download': {
      const s = RecorderSignal.download.safeParse(signal);
      if (!s.success) return { issues: zodIssues(s.error, here) };
      candidate = { kind: 'download', alias: s.data.downloadAlias };
      break;
    }
    case 'dialog': {
      const s = RecorderSignal.dialog.safeParse(signal);
      if (!s.success) return { issues: zodIssues(s.error, here) };
      candidate = s.data.dialogAlias === undefined ? { kind: 'dialog' } : { kind: 'dialog', alias: s.data.dialogAlias };
      break;
    }
    case 'expect': {
      const s = RecorderSignal.expect.safeParse(signal);
      if (!s.success) return { issues: zodIssues(s.error, here) };
      candidate = { kind: 'visible', selector: s.data.selector };
      break;
    }
  }
  // Through the IR schema so defaults (dialog response) are applied exactly as elsewhere.
  const ir = Expectation.safeParse(candidate);
  return ir.success ? { expect: ir.data } : { issues: zodIssues(ir.error, here) };
}
