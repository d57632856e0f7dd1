/** Runs `work` once the current turn has yielded, so it overlaps with the step started right after. */
export function afterThisTurn<T>(work: () => Promise<T>): Promise<T> {
  return new Promise<void>((resolve) => setImmediate(resolve)).then(work);
}
