import { join } from 'node:path';
import { FIXTURES } from '../support/fixture-site.js';

/** The datasets scripts/make-dataset-fixtures.mjs generates from the fixture site. */
export const M2W_DIR = join(FIXTURES, 'mind2web');
export const M2W_TASKS = join(M2W_DIR, 'tasks.json');
export const M2W_BROKEN = join(M2W_DIR, 'broken-tasks.json');
export const MT_CONVERSATION = join(M2W_DIR, 'mt-conversation.json');
export const BABYAGI_DIR = join(FIXTURES, 'babyagi');
export const BABYAGI_METADATA = join(BABYAGI_DIR, 'metadata_0.json');

export const SNAPSHOT_OPTIONS = { timeoutMs: 2000, defaultViewport: { width: 1280, height: 720 } };

/**
 * Ids are name-derived UUIDs (stable across runs); backend node ids are a per-session counter in
 * document order, so they depend on the site's DOM only, not on fonts or layout.
 */
export const TASKS = {
  library: {
    id: '50877601-8e81-514c-9f0d-716e744d8a6d',
    actionUids: [
      '0adb4bb4-e330-5b7e-aee8-06c205361a5c',
      'a7c5ac8d-3aeb-5ea4-a466-1fde374b6fc0',
      '7c65885d-139f-5c90-8722-f0815811cd97',
      '35bfcc0e-69cd-564a-950d-a7a735ec7062',
    ],
    positives: ['37', '98', '98', '161'],
    actions: ['click', 'fill', 'press', 'click'],
  },
  tax: {
    id: '99f2ee1c-0a79-5b88-86f6-3d52c322445b',
    actionUids: [
      'd8d7f7b2-b33c-5f19-9d3b-7c61c4fb768a',
      'af38ce70-5809-5d0c-a3f0-6b6f18436580',
      'a4f0bf69-8799-5a0c-b871-c61899ba3a97',
      'ea37e0b5-f52a-53d3-ba24-0734e7134c91',
      '3ab56de9-12b6-5420-abb5-ab17e3bb6107',
      '95b81636-9882-5005-9dd6-742b9cd3f573',
    ],
    positives: ['43', '110', '118', '127', '151', '176'],
    actions: ['click', 'fill', 'fill', 'select', 'click', 'click'],
  },
  board: {
    id: 'a60ec316-4282-53eb-8529-05c798ee3a12',
    actionUids: ['7e2b1cf3-da45-5665-974d-7feb3b5a2d16', '65801174-2001-5ae2-8251-007b52347154', '9ab2d7fb-fac5-5725-90d7-01fc3024fa77'],
    positives: ['49', '99', '102'],
    actions: ['click', 'fill', 'click'],
  },
} as const;

export const BROKEN = {
  /** library copy: step 1 lost its marker and its positive's id is in no element. */
  targetGone: '5103f083-327d-5f1b-a1fe-227ceee533b3',
  /** tax copy: step 3 selects "Girona", which is no option. */
  optionMissing: '3e58a96b-038b-5487-958c-8f71a99e7210',
  /** board copy: step 2's positive candidate has invalid attributes JSON. */
  badAttributes: '28c652ca-2d22-5cdf-b3ee-5b0230d0918e',
  /** board copy: step 1 has no raw_html. */
  noRawHtml: 'f3e77685-4a1f-559c-be18-c57c32b87bb6',
  /** tax copy cut off inside its first raw_html: the file ends there. */
  truncated: 'e51e0eb8-fbef-5e3a-8d73-d193c357e8ad',
} as const;

export const MT = {
  taskId: 'bcee756e-0511-5f21-8669-892d4d8c1a74',
  turns: [
    { annotationId: '4770dfc3-d474-52de-97e0-9e24000e4aa4', actions: ['click', 'fill', 'click'] },
    { annotationId: 'd45cb27e-bc0e-5138-8b96-59271ef753a7', actions: ['click'] },
  ],
} as const;

export const BABYAGI = {
  library: 'b3922e5b-ac61-55e2-96d4-7e8557333692',
  tax: '131d69b5-06bb-566b-8a99-26078b8d41d2',
} as const;
