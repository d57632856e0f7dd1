import type { StepEffect } from '../../ir/results.js';

/**
 * The postcondition of one action, judged right after it (or, where acting would destroy the
 * evidence, right before): `ok` with the mark the step carries, or not, with a message that
 * says what was expected and what happened — the step then fails `no-effect`.
 */
export type EffectCheck = { ok: true; mark: StepEffect } | { ok: false; message: string };

export const checked = (detail: string): EffectCheck => ({ ok: true, mark: { status: 'checked', detail } });
export const unverified = (detail: string): EffectCheck => ({ ok: true, mark: { status: 'unverified', detail } });
export const nothingToCheck = (detail: string): EffectCheck => ({ ok: true, mark: { status: 'none', detail } });
export const noEffect = (message: string): EffectCheck => ({ ok: false, message });

export function isEffectCheck(v: unknown): v is EffectCheck {
  return typeof v === 'object' && v !== null && 'ok' in v && typeof (v as { ok: unknown }).ok === 'boolean';
}

/** A quoted value for messages, cut short only when very long (a cut secret would escape the exact-value scrub). */
export function quote(text: string, max = 400): string {
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);
}

/** How long an effect that lands asynchronously (a re-render, a controlled input) is waited for. */
export const EFFECT_SETTLE_MS = 1000;
