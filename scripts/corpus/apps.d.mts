// Types for scripts/corpus/apps.mjs (used by tests/corpus/corpus.spec.ts).
export const APPS: Record<
  string,
  {
    package: string;
    recordedOn: string;
    releases: Record<string, string>;
    port: number;
    reproducedOnOtherReleases?: number;
    unreplayable?: { episodes: string[]; why: string };
  }
>;
