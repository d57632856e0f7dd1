/**
 * `--viewport WxH[@scale]`: the browser window every episode runs in — CSS px, and the device
 * scale factor (default 1) — whatever its recording says, e.g. `1280x719@1.590625`.
 */
export function parseViewport(text: string): { width: number; height: number; deviceScaleFactor: number } {
  const m = /^\s*(\d+)\s*[x×]\s*(\d+)\s*(?:@\s*(\d+(?:\.\d+)?|\.\d+))?\s*$/i.exec(text);
  const [width, height, scale] = m ? [Number(m[1]), Number(m[2]), m[3] === undefined ? 1 : Number(m[3])] : [0, 0, 0];
  if (!m || width < 1 || height < 1 || !(scale > 0) || width > 10_000 || height > 10_000 || scale > 10) {
    throw new Error(`--viewport expects WIDTHxHEIGHT[@SCALE] in CSS px (e.g. 1280x720 or 1280x719@1.590625), got ${JSON.stringify(text)}`);
  }
  return { width, height, deviceScaleFactor: scale };
}
