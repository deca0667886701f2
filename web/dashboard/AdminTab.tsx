// Admin tab (admins only; the API guards with requireAdmin): the school image updater.
import { SchoolImageUpdater } from '../admin/SchoolImageUpdater';
import { toast } from '../components/toast/store';

export function AdminTab() {
  return <SchoolImageUpdater notify={toast} />;
}
