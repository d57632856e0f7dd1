import { fileURLToPath } from 'node:url';

/**
 * A file of the project's shared/samples/ (real dataset samples), found beside the repository
 * as on the developers' machines and in CI, never through an absolute path: e.g.
 * `sharedSample('mind2web/mind2web_example.json')`. The files are not copied into the repository
 * (shared/samples/SOURCES-*.md gives their licences), so tests that read them skip when absent.
 */
export const sharedSample = (path: string): string => fileURLToPath(new URL(path, new URL('../../../shared/samples/', import.meta.url)));
