// The DevTools Recorder sniffer on its own, so the format registry can claim files without loading the decoder.
const STEP_TYPE =
  /"type"\s*:\s*"(setViewport|navigate|click|doubleClick|change|keyDown|keyUp|scroll|hover|waitForElement|waitForExpression|close|customStep|emulateNetworkConditions)"/;

/**
 * A JSON object with a `title` and `steps` whose steps have DevTools step types — or no steps at
 * all (`"steps": []`, what the recorder exports when stopped before any action): that flow is
 * still claimed, so the user hears it has nothing to replay instead of "no dataset file found".
 */
export function sniffDevtoolsRecorder(file: string, head: string): boolean {
  if (!/\.json$/i.test(file) || !/^\s*\{/.test(head) || !/"title"\s*:/.test(head) || /"action_type"\s*:/.test(head)) return false;
  return (/"steps"\s*:\s*\[/.test(head) && STEP_TYPE.test(head)) || /"steps"\s*:\s*\[\s*\]/.test(head);
}
