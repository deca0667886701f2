// Activity tab: the user's own contributions with their approval state (GET /api/me/activity).
import { ActivityList } from '../dashboard-parts/ActivityList';

export function ActivityTab() {
  return <ActivityList />;
}
