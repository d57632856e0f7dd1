export * from './target.js';
export * from './action.js';
export * from './expectation.js';
export * from './evidence.js';
export * from './episode.js';
export * from './describe.js';
export * from './recorded-query.js';
