import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Page } from 'playwright';
import { isEmptyNoise, type StepNoise } from '../compare/noise-mask.js';
import type { CompareOptions } from './before-state.js';
import { learnStepNoise } from './calibrate.js';
import { calibrationPath, type EpisodeCalibration } from './noise-masks-file.js';

/**
 * The noise masks for a step: learned now (`--calibrate`, recorded into `learned`) or from the
 * dataset's masks file, with a note saying which were applied.
 */
export async function stepNoise(
  page: Page,
  episodeId: string,
  index: number,
  compare: CompareOptions,
  learned: Record<string, StepNoise> | undefined,
): Promise<{ noise: StepNoise; note?: string } | undefined> {
  if (compare.mode === 'off') return undefined;
  if (learned) {
    const noise = await learnStepNoise(page, {
      intervalMs: compare.calibrateIntervalMs!,
      pixelThreshold: compare.thresholds.pixelThreshold,
    }).catch(() => undefined);
    if (!noise || isEmptyNoise(noise)) return undefined;
    learned[String(index)] = noise;
    return { noise, note: `--calibrate: ${describeNoise(noise)} change by themselves here; masked` };
  }
  const noise = compare.noise?.[episodeId]?.[String(index)];
  if (!noise || isEmptyNoise(noise)) return undefined;
  return { noise, note: `calibrated masks applied (${describeNoise(noise)}, from ${compare.noiseFile ?? 'masks.json'})` };
}

const describeNoise = (n: StepNoise) =>
  `${n.selectors.length} element${n.selectors.length === 1 ? '' : 's'}, ${n.boxes.length} region${n.boxes.length === 1 ? '' : 's'}`;

export function writeCalibration(out: string, episode: string, steps: Record<string, StepNoise>): void {
  const file = calibrationPath(out, episode);
  mkdirSync(dirname(file), { recursive: true });
  const body: EpisodeCalibration = { episode, steps };
  writeFileSync(file, `${JSON.stringify(body)}\n`);
}
