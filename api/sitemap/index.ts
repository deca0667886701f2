export * from './build';
export * from './sitemap.handlers';
