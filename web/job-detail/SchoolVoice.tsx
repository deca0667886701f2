// Beside every job ad (issue 37 item 2): what teachers say of its school, from the job's own
// answer (schoolVoice): the teacher rating and review count, a line of the latest review, the
// staff mood, and links to the school's reviews and interview experiences.
import { Link } from 'react-router-dom';
import { Icon } from '../components/Icon';
import type { JobPage } from '../data/client';
import { formatNumber, timeAgo } from '../lib/format';

type Voice = NonNullable<JobPage['schoolVoice']>;

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** The rating (or "No reviews yet") and the latest review's line, quoted. */
function Reviews({ voice }: { voice: Voice }) {
  const latest = voice.latestReview;
  if (!voice.reviewCount || voice.averageRating == null) return <p className="text-sm opacity-80">No teacher reviews yet.</p>;
  return (
    <>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="voice-rating">
        <span className="badge badge-warning gap-1 font-semibold whitespace-nowrap">
          <Icon name="star" className="size-3.5" filled />
          {voice.averageRating.toFixed(1)} out of 5
        </span>
        <span className="text-sm">from {plural(voice.reviewCount, 'teacher review', 'teacher reviews')}</span>
      </p>
      {latest && (
        <div className="bg-base-200 rounded-box p-3 text-sm" data-testid="voice-latest-review">
          <blockquote className="break-words">“{latest.line}”</blockquote>
          <p className="text-xs opacity-80 mt-1">
            Latest review · {latest.overallRating}/5{latest.jobTitle ? ` · ${latest.jobTitle}` : ''} · {timeAgo(latest.createdAt)}
          </p>
        </div>
      )}
    </>
  );
}

/** The mood most shared, with how many shared one. */
function Mood({ voice }: { voice: Voice }) {
  if (!voice.mood) return <p className="text-sm opacity-80">No staff mood shared yet.</p>;
  return (
    <p className="text-sm" data-testid="voice-mood">
      <span aria-hidden="true" className="text-lg align-middle me-1">
        {voice.mood.top.emoji}
      </span>
      Staff mood: <strong>{voice.mood.top.label}</strong>{' '}
      <span className="opacity-80">
        ({voice.mood.top.count} of {plural(voice.mood.total, 'teacher', 'teachers')} who shared one)
      </span>
    </p>
  );
}

/** The school's voice for its job, or, for an employer that is not a school here, a line saying so. */
export function SchoolVoice({ job }: { job: JobPage }) {
  const voice = job.schoolVoice as JobPage['schoolVoice'] | undefined;
  const school = job.school;
  // A copy kept on the device from before the answer carried it: nothing to say, rather than a wrong "not a school".
  if (voice === undefined) return null;
  if (!voice || !school)
    return (
      <aside aria-labelledby="voice-heading" className="card bg-base-100 border border-base-300" data-testid="school-voice">
        <div className="card-body p-5 gap-2">
          <h2 id="voice-heading" className="font-semibold text-lg">
            About the employer
          </h2>
          <p className="text-sm opacity-80">
            {job.employerName ?? 'This employer'} is not one school we list, so there are no teacher reviews to show beside this job.
          </p>
        </div>
      </aside>
    );
  const base = `/schools/${school.id}`;
  return (
    <aside aria-labelledby="voice-heading" className="card bg-base-100 border border-base-300" data-testid="school-voice">
      <div className="card-body p-5 gap-3">
        <h2 id="voice-heading" className="font-semibold text-lg leading-snug">
          What teachers say about {school.name}
        </h2>
        <Reviews voice={voice} />
        <Mood voice={voice} />
        <ul className="grid gap-1 text-sm">
          <li>
            <Link to={`${base}?tab=reviews`} className="link link-primary tap inline-flex items-center gap-1">
              <Icon name="star" className="size-4" />
              {voice.reviewCount ? `Read ${plural(voice.reviewCount, 'review', 'reviews')}` : 'Write the first review'}
            </Link>
          </li>
          <li>
            <Link to={`${base}?tab=interviews`} className="link link-primary tap inline-flex items-center gap-1">
              <Icon name="chat" className="size-4" />
              {voice.interviewCount
                ? plural(voice.interviewCount, 'interview experience', 'interview experiences')
                : 'Interview experiences'}
            </Link>
          </li>
          <li>
            <Link to={base} className="link link-primary tap inline-flex items-center gap-1">
              <Icon name="school" className="size-4" />
              School profile
            </Link>
          </li>
        </ul>
      </div>
    </aside>
  );
}
