// A school page's Compare (issue 37 item 9, decision 0310): opens /compare with this school added
// to the comparison last made on this device (the oldest gives way when three are chosen). The
// server renders /compare?add={id}, so a tap before this part hydrates still adds to the device's
// comparison (the compare screen joins them); once hydrated the link names the whole comparison.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '../components/Icon';
import { addHref, compareHref, rememberedSchools, withSchool } from '../lib/compare-selection';

export function CompareButton({ schoolId, schoolName }: { schoolId: number; schoolName: string }) {
  const [href, setHref] = useState(() => addHref(schoolId));
  useEffect(() => setHref(compareHref(withSchool(rememberedSchools(), schoolId))), [schoolId]);
  return (
    <Link
      to={href}
      className="btn btn-sm btn-outline"
      data-testid="compare-school"
      onClick={() => setHref(compareHref(withSchool(rememberedSchools(), schoolId)))}
    >
      <Icon name="compare" className="size-4" /> Compare
      <span className="sr-only"> {schoolName} with other schools</span>
    </Link>
  );
}
