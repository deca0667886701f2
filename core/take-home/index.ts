// Take-home pay: the one engine the API, the web app and the service worker import (issue 38).
export * from './calculate';
export * from './calendar';
export * from './input';
export * from './pay-point';
export * from './rules';
export { toPence } from './money';
export * from './job-salary';
