import { expect, test } from '@playwright/test';
import { everyOutput, hits, runReplays, attachedResult } from './support.js';

// The replays project on the bundled tax recording, whose verification code (482915) and NIF
// (00000000T, the recording's anonymized value) are typed as given and also appear in the
// recorded steps — so in the step titles, the result and the trace unless they are scrubbed.
test.setTimeout(240_000);

const EPISODE = 'tax-submit-declaration@1.65';
const CODE = '482915';
const NIF = '00000000T';

test('secrets (REPLAYWRIGHT_SECRETS, REPLAYWRIGHT_SECRET_<NAME>): the episode passes and no output holds them — stdout, JSON and blob reports, attachments, test-results, traces', async () => {
  // --trace=on: the replay's own trace is attached; the runner's trace of the test is written too.
  const r = await runReplays({ REPLAYWRIGHT_SECRETS: `verification_code=${CODE}`, REPLAYWRIGHT_SECRET_NIF: NIF }, [
    '--grep',
    EPISODE,
    '--trace=on',
  ]);
  expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
  expect(r.tests.map((t) => [t.title, t.status])).toEqual([[EPISODE, 'passed']]);
  const [t] = r.tests;
  // Both values were typed (the site's form took them) and the titles say where, not what.
  expect(t!.steps).toContain('4. fill textbox "NIF" with "[secret:NIF]"');
  expect(t!.steps).toContain('11. fill textbox "Verification code" with "[secret:verification_code]"');
  const result = attachedResult(t!);
  expect(result.steps[3].notes).toContain('typed the secret value of NIF given for this run');
  expect(result.steps[10].notes).toContain('typed the secret value of verification_code given for this run');
  // The replay's own trace, and the runner's (of the test's steps: no browser in it).
  expect(t!.attachments.map((a) => a.name).sort()).toEqual(['final.png', 'result.json', 'trace', 'trace']);

  const outputs: [string, Buffer][] = [...everyOutput(r.dir), ['stdout', Buffer.from(r.stdout)], ['stderr', Buffer.from(r.stderr)]];
  const names = outputs.map(([n]) => n);
  // What was searched: the reports, the attached trace (in test-results and inside the blob) and its actions.
  expect(names).toContain('report.json');
  expect(names.some((n) => /^blob\/report-.*\.zip!report\.jsonl$/.test(n))).toBe(true);
  expect(names.some((n) => /^blob\/.*\.zip!resources\/.*\.zip!trace\.trace$/.test(n))).toBe(true);
  expect(names.some((n) => /^output\/.*\/replay\/episodes\/.*\/trace\.zip!trace\.trace$/.test(n))).toBe(true);
  expect(hits(outputs, CODE)).toEqual([]);
  expect(hits(outputs, NIF)).toEqual([]);
  expect(hits(outputs, '[secret:verification_code]').length).toBeGreaterThan(3);
});

test('the same values as plain REPLAYWRIGHT_PARAMS do show up (titles, result, trace), so the search above can fail', async () => {
  const r = await runReplays({ REPLAYWRIGHT_PARAMS: `verification_code=${CODE},NIF=${NIF}` }, ['--grep', EPISODE, '--trace=on']);
  expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
  expect(r.tests[0]!.steps).toContain(`11. fill textbox "Verification code" with "${CODE}"`);
  const found = hits([...everyOutput(r.dir), ['stdout', Buffer.from(r.stdout)]], CODE);
  expect(found).toContain('report.json');
  expect(found.some((n) => /^blob\/.*\.zip!report\.jsonl$/.test(n))).toBe(true);
  expect(found.some((n) => /trace\.zip!trace\.trace$/.test(n))).toBe(true);
});

test('a malformed REPLAYWRIGHT_SECRETS: one failing test saying so, the value not quoted, no stack trace', async () => {
  const r = await runReplays({ REPLAYWRIGHT_SECRETS: 's3cr3t-without-a-name' });
  expect(r.code).toBe(1);
  expect(r.tests.map((t) => [t.title, t.status])).toEqual([['settings', 'failed']]);
  expect(r.tests[0]!.error).toMatch(/^Error: REPLAYWRIGHT_SECRETS expects NAME=VALUE\[,NAME=VALUE\], got "\*+"$/);
  expect(r.tests[0]!.error).not.toMatch(/\n\s+at /);
  expect(hits([...everyOutput(r.dir), ['stdout', Buffer.from(r.stdout)]], 's3cr3t')).toEqual([]);
});
