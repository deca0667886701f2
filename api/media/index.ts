export * from './media.handlers';
