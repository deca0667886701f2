// Which API answers are public (the same for everyone): kept in its own module with no Dexie, so
// the server renderer and the first-load bundle can ask without loading the offline store.
/**
 * Answers that are the same for every visitor and user (public reads); everything else under
 * /api/ is per-user (the user, saved jobs and their status, moods, activity, the forum, which a
 * moderator sees differently, and any new route until it is listed here).
 */
const SHARED_PATHS = [
  /^\/api\/jobs$/,
  /^\/api\/jobs\/\d+$/,
  /^\/api\/schools$/,
  /^\/api\/schools\/\d+(\/(reviews|interviews|mood-stats))?$/,
  /^\/api\/salaries(\/stats)?$/,
  /^\/api\/pay-scales$/,
  /^\/api\/stats$/,
  /^\/api\/forum\/categories$/,
];
export function isSharedPath(key: string) {
  const path = key.split('?')[0];
  return SHARED_PATHS.some((re) => re.test(path));
}
