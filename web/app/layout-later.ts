// The parts of every page that its first render does not need, in one chunk loaded after it
// (web/lib/later.tsx): the footer (server-rendered, its markup kept until then), the offline
// banner and the new-version prompt (shown only when offline or updated), and the outbox's
// listener (renders nothing).
export { Footer } from '../features/app-status/Footer';
export { OfflineBanner, UpdatePrompt } from '../features/app-status/AppStatus';
export { OutboxSync } from '../features/app-status/OutboxSync';
