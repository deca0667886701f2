// Which API answers are public (the same for everyone): each route's declared policy
// (`cache: 'everyone'`, decision 0006), read from the generated table with no Dexie, so the server
// renderer and the first-load bundle can ask without loading the offline store. Everything else
// under /api/ is per-user (the user, saved jobs, moods, activity, the forum, which a moderator
// sees differently, and any route that does not say otherwise).
import { WEB_POLICY } from '../../core/route-policy';

export const isSharedPath = WEB_POLICY.isSharedPath;
