// The school page's Overview tab (web/school-detail/SchoolDetailPage.tsx): about the school, its
// register facts with their corrections, and the teachers' ratings; Info is the sidebar's row too.
import { useSchool } from '../data/hooks';
import { formatDate, formatMonth, formatNumber } from '../lib/format';
import { NOT_PUBLISHED, registerValue, staffFigures } from '../lib/school-facts';
import { ratingPercent } from './rating';

type School = NonNullable<ReturnType<typeof useSchool>['data']>;

export function Info({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2 border-b border-base-200 last:border-0">
      <dt className="opacity-70">{label}</dt>
      <dd className="font-medium text-right">{value}</dd>
    </div>
  );
}

/** A figure the school gave, as it shows beside the register's (decision 2110). */
function SchoolFigure({ value, at }: { value: React.ReactNode; at: string | Date }) {
  return (
    <span className="block" data-testid="school-figure">
      {value}
      <span className="block text-xs opacity-70 font-normal">Provided by the school, {formatMonth(at)}</span>
    </span>
  );
}

/** The register's value, and the school's beside it where the school gave one: both when they differ, the school's labelled. */
function WithCorrection<T extends string | number>({
  register,
  school,
  show,
}: {
  register: T | null;
  school: { value: T; at: string | Date } | null;
  show: (v: T) => string;
}) {
  if (!school) return <>{register != null ? show(register) : 'Not specified'}</>;
  if (register === school.value) return <SchoolFigure value={show(school.value)} at={school.at} />;
  return (
    <span className="grid gap-1">
      <span className="block">
        {register != null ? show(register) : 'Not specified'}
        <span className="block text-xs opacity-70 font-normal">School register</span>
      </span>
      <SchoolFigure value={show(school.value)} at={school.at} />
    </span>
  );
}

function About({ school }: { school: School }) {
  const html = school.profile.aboutHtml;
  if (!html) return null;
  return (
    <section className="card bg-base-100 border border-base-300" aria-labelledby="about-school" data-testid="about-school">
      <div className="card-body p-5 gap-2">
        <h2 id="about-school" className="card-title text-lg">
          About the school
        </h2>
        {/* Rendered from the school's Markdown and sanitised on the server (api/markdown/render.ts). */}
        <div className="school-about text-sm grid gap-2" dangerouslySetInnerHTML={{ __html: html }} />
        <p className="text-xs opacity-70">Written by the school</p>
      </div>
    </section>
  );
}

export function Overview({ school }: { school: School }) {
  return (
    <div className="grid gap-4">
      <About school={school} />
      <SchoolInformation school={school} />
      {school.stats.totalReviews > 0 && <TeacherRatings stats={school.stats} />}
    </div>
  );
}

/** The register's facts, the census's staff figures and the school's own corrections beside them. */
function SchoolInformation({ school }: { school: School }) {
  const staff = staffFigures(school);
  const fixes = school.profile.corrections;
  // The register's "Not applicable" / "Does not apply" are left out, not printed.
  const phase = registerValue(school.phase);
  const religion = registerValue(school.religiousCharacter);
  const admissions = registerValue(school.admissionPolicy);
  return (
    <section className="card bg-base-100 border border-base-300">
      <div className="card-body p-5">
        <h2 className="card-title text-lg">School Information</h2>
        <dl className="text-sm" data-testid="school-info">
          <Info
            label="Number of pupils"
            value={<WithCorrection register={school.numberOfPupils} school={fixes.pupils} show={formatNumber} />}
          />
          <Info label="DfE number" value={school.dfeNumber ?? 'Not specified'} />
          {/* Census figures, each with the census it was counted in (decision 0306). */}
          {staff.length ? (
            staff.map((f) => (
              <Info
                key={f.label}
                label={f.label}
                value={
                  <span data-testid="staff-figure">
                    {f.value}
                    {f.note && <span className="block text-xs opacity-70 font-normal">{f.note}</span>}
                    <span className="block text-xs opacity-70 font-normal">{f.census}</span>
                  </span>
                }
              />
            ))
          ) : (
            <Info label="Staff" value={NOT_PUBLISHED} />
          )}
          {fixes.staff && (
            <Info label="Staff" value={<SchoolFigure value={`${formatNumber(fixes.staff.value)} people`} at={fixes.staff.at} />} />
          )}
          <Info label="School type" value={registerValue(school.type) ?? 'Not specified'} />
          {(phase || fixes.phase) && (
            <Info label="Phase" value={<WithCorrection register={phase} school={fixes.phase} show={(v) => v} />} />
          )}
          <Info label="Age range" value={school.ageRange ?? 'Not specified'} />
          <Info label="Headteacher" value={school.headteacher ?? 'Not specified'} />
          {religion && <Info label="Religious character" value={religion} />}
          {admissions && <Info label="Admissions" value={admissions} />}
          {school.phoneNumber && (
            <Info
              label="Phone"
              value={
                <a className="link tap" href={`tel:${school.phoneNumber.replace(/\s/g, '')}`}>
                  {school.phoneNumber}
                </a>
              }
            />
          )}
          {school.address && <Info label="Address" value={school.address} />}
          <Info
            label="Ofsted"
            value={
              <span>
                {school.ofstedRating ?? 'Not rated'}
                {school.ofstedInspectionDate && (
                  <span className="block text-xs opacity-70 font-normal">latest inspection {formatDate(school.ofstedInspectionDate)}</span>
                )}
              </span>
            }
          />
        </dl>
        <p className="text-xs opacity-70 mt-2">
          The grade is the last single-word Ofsted judgement the register holds; Ofsted stopped giving one-word grades from September 2024.
        </p>
      </div>
    </section>
  );
}

/** Teachers' average ratings, one bar each, and how many would recommend the school. */
function TeacherRatings({ stats: s }: { stats: School['stats'] }) {
  // Each over the reviews that gave it: a review may leave a sub-rating unrated (decision 2027).
  // (A copy kept on the device from before the counts came has none: its figures show as they were.)
  const c: Partial<School['stats']['ratingCounts']> = (s as Partial<School['stats']>).ratingCounts ?? {};
  const bars = [
    ['Work-life balance', s.workLifeBalance, c.workLifeBalance],
    ['Compensation', s.compensation, c.compensation],
    ['Career opportunities', s.careerOpportunities, c.careerOpportunities],
    ['Culture', s.culture, c.culture],
    ['Leadership', s.leadership, c.leadership],
  ] as const;
  return (
    <section className="card bg-base-100 border border-base-300" data-testid="teacher-ratings">
      <div className="card-body p-5 gap-3">
        <h2 className="card-title text-lg">Teacher Ratings</h2>
        <ul className="grid gap-3">
          {bars.map(([label, value, count]) => (
            <li key={label} data-testid="rating-bar">
              <div className="flex flex-wrap justify-between gap-x-2 text-sm">
                <span>{label}</span>
                <span className="tabular-nums">
                  {count === 0 ? (
                    <span className="opacity-70">Not rated yet</span>
                  ) : (
                    <>
                      {value.toFixed(1)} / 5 ({ratingPercent(value)})
                      {count !== undefined && (
                        <span className="opacity-70">
                          {' '}
                          · {count} {count === 1 ? 'rating' : 'ratings'}
                        </span>
                      )}
                    </>
                  )}
                </span>
              </div>
              <div className="h-2 rounded-full bg-base-300 overflow-hidden" aria-hidden="true">
                <div className="h-full bg-primary rounded-full" style={{ width: ratingPercent(value) }} />
              </div>
            </li>
          ))}
        </ul>
        <p className="font-medium" data-testid="recommend-rate">
          {s.recommendationRate}% would recommend to a friend
        </p>
      </div>
    </section>
  );
}
