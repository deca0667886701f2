// The school page's links for its staff: "Edit this page" (its staff only) and "Manage this page"
// (ManagePageLink.tsx). A later() part of the page, with her list of schools: the server renders
// them as before, and they are plain links until this chunk has hydrated.
import { Link } from 'react-router-dom';
import { Icon } from '../components/Icon';
import { useIsSchoolStaff } from '../data/my-schools';
import { ManagePageLink } from './ManagePageLink';

/**
 * For the school's own staff only (decision 2110): the way to its editor. Read from her list of
 * schools (one request, shared with "Manage this page"), not by asking the editor's own answer for
 * every school page she opens (a 403 each time for everyone else).
 */
function EditPageLink({ schoolId }: { schoolId: number }) {
  if (!useIsSchoolStaff(schoolId)) return null;
  return (
    <Link to={`/edit-school/${schoolId}`} className="btn btn-sm btn-outline w-fit" data-testid="edit-school-page">
      <Icon name="school" className="size-4" /> Edit this page
    </Link>
  );
}

export function StaffLinks({ schoolId }: { schoolId: number }) {
  return (
    <>
      <EditPageLink schoolId={schoolId} />
      <ManagePageLink schoolId={schoolId} />
    </>
  );
}
