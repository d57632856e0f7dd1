import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { comparePixels, PIXEL_THREAD, type PixelAnswer, type PixelJob } from './pixel-job.js';

const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

// The pixel thread (pixelsOffThread): decodes, counts and draws, so the replay's own thread stays
// free to drive the step that is acting meanwhile.
if (!isMainThread && parentPort && workerData === PIXEL_THREAD) {
  const port = parentPort;
  port.on('message', (job: PixelJob) => {
    try {
      const answer: PixelAnswer = {
        id: job.id,
        ok: true,
        ...comparePixels(asBuffer(job.recorded), asBuffer(job.live), job.options, job.drawWhen),
      };
      // Copied, not transferred: a Buffer may share its memory with Node's pool.
      port.postMessage(answer);
    } catch (e) {
      port.postMessage({ id: job.id, ok: false, message: e instanceof Error ? e.message : String(e) } satisfies PixelAnswer);
    }
  });
}
