// The single source of truth for the shapes of the product (product §3). Columns are snake_case in
// SQLite and camelCase in TypeScript. Lengths and enumerations of the product (docs/product.md) are real CHECK
// constraints, so a bad row is refused by the database itself, not only by the API.
// drizzle-kit reads this module (drizzle.config.ts); the tables live in db/schema/, by area.

// Vocabulary the web app shares lives in core/ (decision 0007); the tables' importers read it here too.
export type { AlertFilters } from '../core/alert-summary';
export { NOTIFICATION_KINDS, NOTIFICATION_SUBJECTS, type NotificationKind, type NotificationSubject } from '../core/notification-text';

export * from './schema/places';
export * from './schema/contributions';
export * from './schema/alerts';
export * from './schema/school-side';
export * from './schema/notifications';
