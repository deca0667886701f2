// Saved Jobs tab: submissions still waiting on this device, then the saved jobs (spec §2).
import { SavedJobsList } from '../dashboard-parts/SavedJobsList';
import { QueuedSubmissions } from './QueuedSubmissions';

export function SavedJobsTab() {
  return (
    <>
      <QueuedSubmissions />
      <SavedJobsList />
    </>
  );
}
