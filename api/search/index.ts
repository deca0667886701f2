// The search module (decision 0701): resolve.ts, with query.ts, relevance.ts and vocabulary.ts beside it.
export * from './resolve';
