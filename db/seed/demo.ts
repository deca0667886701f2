// The demo layer: invented contributions (reviews, interviews, salaries, moods, forum threads)
// by invented users, and jobs taken from the Teaching Vacancies sample feed (its listings are
// invented too, see ATTRIBUTION.md), so that every screen has content on a fresh start.
// Deterministic (a seeded PRNG) and written once: if the demo users exist it does nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, isNotNull } from 'drizzle-orm';
import type { DB, Tx } from '../client';
import { BOROUGHS, EXPERIENCE_BANDS, MOODS, SALARY_JOB_TITLES, SALARY_SCHOOL_TYPES, YEARS_AT_SCHOOL } from '../../core/constants';
import {
  forumCategories,
  forumPosts,
  forumThreads,
  interviewExperiences,
  jobs,
  reviews,
  salaries,
  schoolMoods,
  schools,
  users,
} from '../schema';
import { londonInstant, londonParts } from '../../core/london-time';
import { mapListing, type ListingContext } from '../../core/teaching-vacancies';
import { SEED_DIR } from './paths';
import { mulberry32 } from './prng';

export const DEMO_USER_PREFIX = 'demo:';
const DAY = 86_400_000;

function prng(seed: number) {
  const next = mulberry32(seed);
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    chance: (p: number) => next() < p,
  };
}

const FIRST_NAMES = [
  'Amara',
  'Ben',
  'Chloe',
  'Dev',
  'Ella',
  'Femi',
  'Grace',
  'Hassan',
  'Isla',
  'Jamal',
  'Kate',
  'Leon',
  'Maya',
  'Nikhil',
  'Olivia',
  'Priya',
  'Rory',
  'Sofia',
  'Tom',
  'Uma',
  'Victor',
  'Wren',
  'Yusuf',
  'Zara',
];
const LAST_NAMES = [
  'Adeyemi',
  'Brown',
  'Chen',
  'Davies',
  'Evans',
  'Fernandes',
  'Green',
  'Hussain',
  'Iqbal',
  'Jones',
  'Khan',
  'Lewis',
  'Murphy',
  'Nowak',
  'Okafor',
  'Patel',
  'Quinn',
  'Rahman',
  'Smith',
  'Taylor',
  'Ugwu',
  'Vasquez',
  'Walker',
  'Young',
];

const PROS_GOOD = [
  'Supportive senior leadership who protect staff from unnecessary paperwork and mean it when they talk about workload.',
  'Brilliant, diverse pupils and a staff room where people genuinely help each other out.',
  'Clear behaviour policy that is applied consistently, so lessons are rarely disrupted.',
  'Excellent CPD budget: I was funded for an NPQ and given time to complete it.',
  'Department shares planning and resources, so I spend evenings with my family rather than on slides.',
  'Strong induction for ECTs with a mentor who had protected time every week.',
  'Easy commute on the Overground and a cycle-to-work scheme with secure bike storage.',
  'Leaders listen to staff voice surveys and act on them; marking policy was cut back after feedback.',
];
const PROS_MIXED = [
  'Lovely children and parents who value what the school does for the community.',
  'Colleagues in my year group are kind and collaborative.',
  'Good location with lots of cultural trips available in central London.',
  'Some flexibility on PPA working from home, which helps with the long commute.',
  'Decent resources and the building was refurbished recently.',
];
const CONS_GOOD = [
  'Car parking is almost non-existent, and the site is tight for PE lessons.',
  'Data drops are frequent at the end of each term, although the load is shared.',
  'Popular school so classes are full; rooms can feel cramped in summer.',
  'London weighting does not go far with rents nearby, as anywhere in the city.',
  'Meetings occasionally overrun on a Monday evening.',
];
const CONS_MIXED = [
  'High staff turnover in the last two years has left some departments stretched.',
  'Behaviour systems are inconsistent between year groups and support from SLT varies.',
  'Too many initiatives launched at once, with little time to embed any of them properly.',
  'Marking expectations are heavy and written feedback is checked in book looks every half term.',
  'Communication from leadership often arrives late on a Sunday evening.',
  'Cover is frequent because of recruitment gaps, which eats into PPA time.',
];
const ADVICE = [
  'Keep listening to staff voice and protect PPA time.',
  'Fewer initiatives, done properly, would help everyone.',
  'Recognise the support staff more: they hold the place together.',
  'Publish the calendar of data deadlines at the start of the year.',
  'Please review the marking policy with workload in mind.',
];
const REVIEW_TITLES = [
  'Class Teacher',
  'Teacher of English',
  'Teacher of Mathematics',
  'Science Teacher',
  'Head of Year',
  'SENCO',
  'Teaching Assistant',
  'ECT',
  'Head of Department',
  'Assistant Headteacher',
];

const INTERVIEW_PROCESSES = [
  'A tour of the school with two Year 10 students, a 30-minute observed lesson to a mixed-ability group, a student panel and a formal interview with the head and the head of department.',
  'Teach a 20-minute phonics session to a Year 1 group, then an in-tray task and a panel interview covering safeguarding, behaviour management and assessment.',
  'Online screening call with HR, then an in-person day: lesson observation, data task and an interview with the deputy head. Feedback the same evening.',
  'Short interview with the headteacher and a governor, preceded by a learning walk and a discussion of a case study about a pupil with an EHCP.',
];
const INTERVIEW_QUESTIONS = [
  'How would you support a pupil who is working well below age-related expectations?',
  'Tell us about a time you had a safeguarding concern and what you did.',
  'How do you use assessment to adapt your teaching within a lesson?',
  'What would your behaviour management look like in the first week with a new class?',
];
const INTERVIEW_TIPS = [
  'Know the school development plan and mention it. They valued candidates who had visited beforehand.',
  'Keep the observed lesson simple and focus on checking understanding; they care about adaptation.',
  'Prepare a clear safeguarding answer: they asked a follow-up question on it.',
  'Bring a copy of your lesson plan for each member of the panel.',
];
const MOOD_COMMENTS: Record<string, string[]> = {
  excited: ['Best team I have worked in.', 'New head has transformed the atmosphere.', 'Great half term, the kids are flying.'],
  happy: ['Busy but manageable.', 'Mostly good, workload is fair for London.', 'Supportive department.'],
  neutral: ['Ups and downs as usual.', 'Fine, nothing special.', ''],
  frustrated: ['Too many meetings this term.', 'Cover is eating my PPA.', 'Behaviour has slipped since September.'],
  stressed: ['Ofsted is due and everyone is on edge.', 'Understaffed and exhausted.', ''],
};

const THREADS: { category: string; title: string; content: string; replies: string[]; sticky?: boolean; locked?: boolean }[] = [
  {
    category: 'pay-and-conditions',
    title: 'Inner vs Outer London pay: is the difference worth the commute?',
    content:
      'I have offers at a school in Hackney (Inner London) and one in Redbridge (Outer London). The Inner London main range is noticeably higher, ' +
      'but the Redbridge school is 15 minutes from home. How have others weighed up the extra pay against travel time and cost?',
    replies: [
      'I moved inward for the pay and regretted it: an hour each way wiped out the difference after tax and travel.',
      'Check whether the Outer London school pays on the advisory points. Some academies pay above them.',
      'Do the maths with your Zone 2 to 4 travelcard; Inner London still came out ahead for me.',
    ],
    sticky: true,
  },
  {
    category: 'early-career',
    title: 'ECT mentors: how much protected time do you actually get?',
    content:
      'My induction says my mentor has time allocated, but we meet for ten minutes in the corridor. Is that normal in London schools? What did your ECT induction look like in practice?',
    replies: [
      'We get a full hour every week, timetabled. Raise it with your induction tutor; it is part of the framework.',
      'Same problem in my first term. It improved once I emailed the ECT lead with dates.',
    ],
  },
  {
    category: 'job-hunting',
    title: 'How many applications before you got an interview?',
    content:
      'Secondary science, moving from Manchester. Sent eight applications through Teaching Vacancies and heard back from two. Is that typical for London, or is my personal statement the problem?',
    replies: [
      'Physics is in demand, so two from eight is low. Tailor the statement to each school development plan.',
      'Quarter rates are normal for English and history; science should be better. Ask someone to read your statement.',
      'Apply early in the window. Many London schools shortlist as applications arrive.',
    ],
  },
  {
    category: 'workload-and-wellbeing',
    title: 'Marking policies that actually reduced workload',
    content:
      'Our SLT is reviewing the marking policy. Has anyone moved to whole-class feedback or verbal feedback successfully? What evidence convinced your leadership team?',
    replies: [
      'Whole-class feedback sheets cut my marking by half and the kids act on them more.',
      'We use live marking in lessons plus one deep mark per half term. Book looks focus on pupil responses.',
    ],
  },
  {
    category: 'send',
    title: 'Supporting pupils waiting for an EHCP assessment',
    content:
      'Our borough has long waits for EHC needs assessments. What are you doing in the meantime for pupils who clearly need more support than SEN support provides?',
    replies: [
      'We run a graduated approach plan with termly reviews so the evidence is ready when the assessment comes.',
      'Ask your SENCO about the local authority top-up funding; some boroughs allow it before a plan.',
    ],
  },
  {
    category: 'supply-teaching',
    title: 'Day rates in London this year',
    content:
      'What day rates are agencies offering for qualified supply teachers in London at the moment? I have been quoted anything from £150 to £200 and I am not sure what is fair.',
    replies: [
      '£170 to £190 in South London for secondary, paid through PAYE.',
      'Avoid umbrella companies if you can; the deductions add up.',
    ],
  },
  {
    category: 'leadership',
    title: 'NPQSL: worth doing before applying for assistant head?',
    content:
      'I am a head of department considering assistant headteacher roles next year. Did the NPQSL help you get shortlisted, or did experience matter more?',
    replies: ['Experience of leading a whole-school project mattered more at my interviews, but the NPQ gave me the language for it.'],
  },
  {
    category: 'off-topic',
    title: 'Best Tube lines for marking on the way home',
    content: 'Serious question: which lines are quiet enough to get a set of books done? The Northern line at 5 pm is not it.',
    replies: ['Elizabeth line, without a doubt: air conditioning and seats.', 'DLR front seat. Marking with a view.'],
    locked: true,
  },
];

/** What every part of the demo layer writes with: the transaction, the seeded PRNG, dates before now, the demo users. */
interface Demo {
  tx: Tx;
  rnd: ReturnType<typeof prng>;
  now: Date;
  ago: (days: number) => Date;
  userIds: string[];
}

// Salaries: around the real pay ranges of each role, a few hundred pounds of noise.
const SALARY_RANGES: Record<string, [number, number]> = {
  'Primary Teacher': [35000, 52000],
  'Secondary Teacher': [36000, 54000],
  'Head of Department': [48000, 62000],
  'Assistant Headteacher': [60000, 80000],
  Headteacher: [90000, 135000],
  'Teaching Assistant': [21000, 27000],
  SENCO: [46000, 60000],
  'Supply Teacher': [32000, 45000],
  'NQT/ECT': [36000, 41000],
  'Cover Supervisor': [24000, 30000],
};

/** How many demo salaries of each role. */
const SALARY_COUNTS: Record<string, number> = {
  'Primary Teacher': 18,
  'Secondary Teacher': 20,
  'Head of Department': 9,
  'Assistant Headteacher': 6,
  Headteacher: 5,
  'Teaching Assistant': 8,
  SENCO: 6,
  'Supply Teacher': 5,
  'NQT/ECT': 9,
  'Cover Supervisor': 3,
};

/** The invented users. */
function demoUsers(tx: Tx, ago: (days: number) => Date): string[] {
  return FIRST_NAMES.map((first, i) => {
    const id = `${DEMO_USER_PREFIX}${String(i + 1).padStart(2, '0')}`;
    tx.insert(users)
      .values({
        id,
        email: `${first.toLowerCase()}.${LAST_NAMES[i].toLowerCase()}@demo.invalid`,
        firstName: first,
        lastName: LAST_NAMES[i],
        createdAt: ago(200 - i),
      })
      .run();
    return id;
  });
}

/** Jobs from the sample feed, their posting dates moved into the last month (newest yesterday); the schools that got one. */
function demoJobs({ tx, now }: Demo, ctx: ListingContext): number[] {
  const feed = JSON.parse(readFileSync(join(SEED_DIR, 'teaching-vacancies-sample.json'), 'utf8')) as { data: unknown[] };
  const posted = feed.data.map((l) => new Date(String((l as { datePosted?: string }).datePosted)).getTime()).filter(Number.isFinite);
  const newest = Math.max(...posted);
  const span = Math.max(1, newest - Math.min(...posted));
  const jobSchoolIds: number[] = [];
  for (const listing of feed.data) {
    const mapped = mapListing(listing, ctx);
    if (!mapped.ok) continue;
    const age = newest - mapped.job.postedAt.getTime();
    mapped.job.postedAt = new Date(now.getTime() - DAY - Math.round((age / span) * 27 * DAY));
    // Three weeks after it was posted, at the London time the school set in the feed (12:00, 09:00).
    const deadline = mapped.job.applicationDeadline;
    if (deadline)
      mapped.job.applicationDeadline = londonInstant(
        londonParts(new Date(mapped.job.postedAt.getTime() + 21 * DAY)).date,
        londonParts(deadline).time,
      );
    tx.insert(jobs).values(mapped.job).onConflictDoNothing().run();
    if (mapped.job.schoolId) jobSchoolIds.push(mapped.job.schoolId);
  }
  return jobSchoolIds;
}

/** Schools that get contributions: those with jobs, plus a spread across every borough. */
function chooseSchools({ tx, rnd }: Demo, jobSchoolIds: number[]): Set<number> {
  const candidates = tx
    .select({ id: schools.id, borough: schools.borough })
    .from(schools)
    .where(isNotNull(schools.numberOfPupils))
    .orderBy(schools.urn)
    .all();
  const chosen = new Set(jobSchoolIds);
  for (const borough of BOROUGHS) {
    const inBorough = candidates.filter((c) => c.borough === borough);
    for (let k = 0; k < 3 && inBorough.length; k++) chosen.add(rnd.pick(inBorough).id);
  }
  return chosen;
}

/** A school's reviews, by 1 to 5 people; one in ten schools has its first review still pending. */
function demoReviews({ tx, rnd, ago, userIds }: Demo, schoolId: number, good: boolean, rate: () => number) {
  const reviewCount = rnd.int(1, 5);
  const reviewers = new Set<string>();
  for (let r = 0; r < reviewCount; r++) {
    const userId = rnd.pick(userIds);
    reviewers.add(userId);
    const overall = rate();
    tx.insert(reviews)
      .values({
        userId,
        schoolId,
        overallRating: overall,
        workLifeBalanceRating: rate(),
        compensationRating: rate(),
        careerOpportunitiesRating: rate(),
        cultureRating: rate(),
        leadershipRating: rate(),
        pros: rnd.pick(good ? PROS_GOOD : PROS_MIXED),
        cons: rnd.pick(good ? CONS_GOOD : CONS_MIXED),
        adviceToManagement: rnd.chance(0.6) ? rnd.pick(ADVICE) : null,
        wouldRecommend: overall >= 3,
        employmentStatus: rnd.chance(0.7) ? 'Current' : 'Former',
        jobTitle: rnd.pick(REVIEW_TITLES),
        yearsAtSchool: rnd.pick(YEARS_AT_SCHOOL),
        isApproved: !(r === 0 && rnd.chance(0.1)),
        createdAt: ago(rnd.int(3, 400)),
      })
      .run();
  }
}

/** An interview at six schools in ten. */
function demoInterview({ tx, rnd, ago, userIds }: Demo, schoolId: number) {
  if (rnd.chance(0.6)) {
    tx.insert(interviewExperiences)
      .values({
        userId: rnd.pick(userIds),
        schoolId,
        jobTitle: rnd.pick(REVIEW_TITLES),
        interviewDifficulty: rnd.pick(['Easy', 'Medium', 'Medium', 'Hard'] as const),
        processDescription: rnd.pick(INTERVIEW_PROCESSES),
        questionsAsked: rnd.chance(0.8) ? rnd.pick(INTERVIEW_QUESTIONS) : null,
        tipsForCandidates: rnd.chance(0.8) ? rnd.pick(INTERVIEW_TIPS) : null,
        outcome: rnd.chance(0.6) ? 'Offer' : 'No Offer',
        overallExperience: rnd.chance(0.9) ? rnd.int(2, 5) : null,
        createdAt: ago(rnd.int(5, 300)),
      })
      .run();
  }
}

/** Two to seven people's moods, happier at a good school. */
function demoMoods({ tx, rnd, ago, userIds }: Demo, schoolId: number, good: boolean) {
  const moodUsers = new Set<string>();
  const moodCount = rnd.int(2, 7);
  for (let m = 0; m < moodCount; m++) moodUsers.add(rnd.pick(userIds));
  for (const userId of moodUsers) {
    const weights = good ? [0.25, 0.45, 0.2, 0.07, 0.03] : [0.05, 0.2, 0.35, 0.25, 0.15];
    let x = rnd.next();
    let idx = 0;
    while (idx < weights.length - 1 && x > weights[idx]) x -= weights[idx++];
    const mood = MOODS[idx];
    const comment = rnd.pick(MOOD_COMMENTS[mood.mood]);
    const at = ago(rnd.int(0, 60));
    tx.insert(schoolMoods)
      .values({
        schoolId,
        userId,
        emoji: mood.emoji,
        mood: mood.mood,
        comment: comment || null,
        anonymous: rnd.chance(0.5),
        createdAt: at,
        updatedAt: at,
      })
      .run();
  }
}

/** One school's contributions: how good a place to work it is decides its ratings and moods. */
function schoolContributions(d: Demo, schoolId: number) {
  const { rnd } = d;
  const quality = rnd.next(); // how good a place to work this school is, 0..1
  const good = quality > 0.35;
  const base = good ? 4 : 3;
  const rate = () => Math.max(1, Math.min(5, base + rnd.int(-1, 1) + (quality > 0.8 ? 1 : 0)));
  demoReviews(d, schoolId, good, rate);
  demoInterview(d, schoolId);
  demoMoods(d, schoolId, good);
}

/**
 * Salaries of every role, a few hundred pounds of noise around its pay range, more experience paid
 * more. They come in clusters of 5 to 9 of one borough, school type and experience band, as the
 * salary batch publishes a cell (role, borough, phase, band) only by at least 5 (decision 1425);
 * a role with fewer than 5 (the 3 cover supervisors) is one cluster, never published. The random
 * draws stay those of the earlier seed, so the rest of the demo is unchanged.
 */
function demoSalaries({ tx, rnd, ago, userIds }: Demo) {
  SALARY_JOB_TITLES.forEach((title, t) => {
    const n = SALARY_COUNTS[title];
    const clusters = Math.max(1, Math.floor(n / 5));
    for (let s = 0; s < n; s++) {
      const [lo, hi] = SALARY_RANGES[title];
      const c = s % clusters;
      rnd.pick(title === 'NQT/ECT' ? EXPERIENCE_BANDS.slice(0, 1) : EXPERIENCE_BANDS);
      const band = title === 'NQT/ECT' ? EXPERIENCE_BANDS[0] : EXPERIENCE_BANDS[(t + 2 * c) % EXPERIENCE_BANDS.length];
      const step = EXPERIENCE_BANDS.indexOf(band) / (EXPERIENCE_BANDS.length - 1);
      const amount = Math.round((lo + (hi - lo) * (0.7 * step + 0.3 * rnd.next())) / 100) * 100;
      const userId = rnd.pick(userIds);
      rnd.pick(SALARY_SCHOOL_TYPES);
      rnd.pick(BOROUGHS);
      tx.insert(salaries)
        .values({
          userId,
          jobTitle: title,
          schoolType: SALARY_SCHOOL_TYPES[(t + c) % SALARY_SCHOOL_TYPES.length],
          borough: BOROUGHS[(7 * t + 11 * c + 3) % BOROUGHS.length],
          yearsExperience: band,
          annualSalary: amount,
          additionalBenefits: rnd.chance(0.3) ? rnd.pick(['TLR 2b', 'SEN allowance', 'Free lunch and gym', 'Season ticket loan']) : null,
          createdAt: ago(rnd.int(0, 240)),
        })
        .run();
    }
  });
}

/** Forum threads with replies, and one thread waiting for moderation. */
function demoForum({ tx, rnd, ago, userIds }: Demo) {
  const categories = new Map(
    tx
      .select({ id: forumCategories.id, slug: forumCategories.slug })
      .from(forumCategories)
      .all()
      .map((c) => [c.slug, c.id]),
  );
  THREADS.forEach((t, i) => {
    const createdAt = ago(2 + i * 3);
    const author = userIds[(i * 5) % userIds.length];
    const thread = tx
      .insert(forumThreads)
      .values({
        categoryId: categories.get(t.category)!,
        userId: author,
        title: t.title,
        slug: t.title
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, ''),
        content: t.content,
        isSticky: !!t.sticky,
        isLocked: !!t.locked,
        isApproved: true,
        viewCount: rnd.int(20, 400),
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: forumThreads.id })
      .get();
    let lastAt = createdAt;
    let lastUser: string | null = null;
    let firstReply: number | null = null;
    t.replies.forEach((content, r) => {
      lastAt = new Date(createdAt.getTime() + (r + 1) * 5 * 3_600_000);
      lastUser = userIds[(i * 5 + r + 1) % userIds.length];
      const post = tx
        .insert(forumPosts)
        .values({
          threadId: thread.id,
          userId: lastUser,
          content,
          isApproved: true,
          parentPostId: r === 2 && firstReply ? firstReply : null,
          createdAt: lastAt,
          updatedAt: lastAt,
        })
        .returning({ id: forumPosts.id })
        .get();
      firstReply ??= post.id;
    });
    if (t.replies.length) {
      tx.update(forumThreads)
        .set({ replyCount: t.replies.length, lastReplyAt: lastAt, lastReplyUserId: lastUser })
        .where(eq(forumThreads.id, thread.id))
        .run();
    }
  });
  // One thread waiting for moderation.
  tx.insert(forumThreads)
    .values({
      categoryId: categories.get('job-hunting')!,
      userId: userIds[3],
      title: 'References when leaving mid-year',
      slug: 'references-when-leaving-mid-year',
      content: 'Can my current head refuse to give a reference if I resign at Easter? I have an offer starting after the summer half term.',
      isApproved: false,
      createdAt: ago(0),
    })
    .run();
}

export function seedDemo(db: DB, ctx: ListingContext, now: Date): boolean {
  const marker = db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, `${DEMO_USER_PREFIX}01`))
    .get();
  if (marker) return false;
  const rnd = prng(20261122);
  const ago = (days: number) => new Date(now.getTime() - days * DAY - rnd.int(0, 8 * 3_600_000));

  db.transaction((tx) => {
    const d: Demo = { tx, rnd, now, ago, userIds: demoUsers(tx, ago) };
    const jobSchoolIds = demoJobs(d, ctx);
    for (const schoolId of chooseSchools(d, jobSchoolIds)) schoolContributions(d, schoolId);
    demoSalaries(d);
    demoForum(d);
  });
  return true;
}
