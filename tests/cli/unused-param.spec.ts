import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { FIXTURES, tempDir } from '../support/fixture-site.js';
import { cli, STACK } from '../support/cli.js';

// The bank transfer asks for sms_code (user_feedback) and IBAN (anonymized_data). Step 1 opens
// about:blank, so --to-step 1 needs no site.
test('a param no replayed episode asks for is named in a warning (a misspelt --param IBANN is not dropped in silence)', async () => {
  const out = tempDir('rw-out-');
  const r = await cli(
    'run',
    join(FIXTURES, 'bank-recordings', 'episodes-1.49.jsonl'),
    '--episode',
    'bank-transfer@1.49',
    '--to-step',
    '1',
    '--out',
    out,
    '--workers',
    '1',
    '--trace',
    'off',
    '--param',
    'IBANN=ES9121000418450200051332',
    '--param',
    'SMS_CODE=123456',
    '--secret',
    'tokenx=abcdef',
  );
  expect(r.stderr).not.toMatch(STACK);
  expect(r.stderr).toContain('param IBANN: no replayed episode asks for it (they ask for sms_code, IBAN); it was not used');
  expect(r.stderr).toContain('param tokenx: no replayed episode asks for it');
  // Used ones (names compare ignoring case) are not named; a secret's value never is.
  expect(r.stderr).not.toContain('param SMS_CODE');
  expect(r.stderr).not.toContain('abcdef');
});
