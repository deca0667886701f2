// PLACEHOLDER (contributions issue): the user's activity (spec §2 Dashboard, Activity): an empty
// state with links to /schools and /salaries.
import { EmptyState } from '../components/states';

export function ActivityTab() {
  return (
    <div data-testid="activity-placeholder">
      <EmptyState icon="clock" title="Activity">
        Your activity is coming soon.
      </EmptyState>
    </div>
  );
}
