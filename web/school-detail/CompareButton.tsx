// A school page's Compare (issue 37 item 9, decision 0310): opens /compare with this school added
// to the comparison last made on this device (the oldest gives way when three are chosen). The
// server renders the link to this school alone; the device's comparison joins it once hydrated.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '../components/Icon';
import { compareHref, rememberedSchools, withSchool } from '../lib/compare-selection';

export function CompareButton({ schoolId, schoolName }: { schoolId: number; schoolName: string }) {
  const [href, setHref] = useState(() => compareHref([schoolId]));
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
