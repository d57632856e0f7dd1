// Module-loader hooks (node --import ./register.mjs): every module URL the process resolves is
// appended to the file named by MODULE_TRACE, so a test can say what a command loaded.
import { appendFileSync } from 'node:fs';

export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  if (process.env.MODULE_TRACE) appendFileSync(process.env.MODULE_TRACE, r.url + '\n');
  return r;
}
