// PLACEHOLDER (admin issue): the school image updater (spec §2 Dashboard, Admin; batch update,
// 'Batch Update Complete'). Shown only to admins (ADMIN_EMAILS); the API guards with requireAdmin.
import { EmptyState } from '../components/states';

export function AdminTab() {
  return (
    <div data-testid="admin-placeholder">
      <EmptyState icon="shield" title="Admin">
        Admin tools are coming soon.
      </EmptyState>
    </div>
  );
}
