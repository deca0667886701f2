export * from './sitemap.handlers';
