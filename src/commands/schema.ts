import { z } from 'zod';
import { Episode } from '../ir/index.js';

/** The JSON Schema of the IR (an Episode and everything in it), for people writing their own decoders. */
export function irJsonSchema(): unknown {
  return z.toJSONSchema(Episode, { io: 'input', target: 'draft-2020-12' });
}
