// PLACEHOLDER (saved-jobs issue): the signed-in user's saved jobs (spec §2 Dashboard, Saved Jobs):
// title, link to /schools/{id}, borough, contract type, key stage, salary range, description,
// dates, a 'View Job' button; empty state linking to /jobs. Data: GET /api/saved-jobs.
import { EmptyState } from '../components/states';

export function SavedJobsTab() {
  return (
    <div data-testid="saved-jobs-placeholder">
      <EmptyState icon="heart" title="Saved Jobs">
        Saved jobs are coming soon.
      </EmptyState>
    </div>
  );
}
