// Types for scripts/corpus-fetch.mjs (used by tests/corpus/corpus.spec.ts).
export const CORPUS_CACHE: string;
export function releaseDir(pkg: string, version: string): string;
export function fetchCorpus(): Record<string, Record<string, string>>;
