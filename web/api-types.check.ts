// Compile-time checks (run by `tsc`, no runtime code): the web's answer types come from the API's
// own route types through the typed client and are real types, not `any`. If a route stops being
// chained into ApiType, or answers through `new Response`, one of these stops compiling. It stands
// beside web's entries, above the screens and features whose types it checks.
import type { RefreshResult } from './features/refresh-jobs/RefreshJobsButton';
import type { BatchProgress, BatchStarted } from './features/school-images/SchoolImageUpdater';
import type { Activity } from './data/activity';
import type { PayRow } from './pay-scales/allowances';
import type { CurrentUser } from './data/auth';
import type { Job, SalaryStats, SchoolListItem, SiteStats } from './data/client';
import type { SavedJob, UserMood } from './data/hooks';

type IsAny<T> = 0 extends 1 & T ? true : false;
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Typed<T> = IsAny<T> extends true ? false : T extends object ? true : false;
type Assert<T extends true> = T;

export type AnswerTypesAreTyped = [
  Assert<Typed<Job>>,
  Assert<Typed<SchoolListItem>>,
  Assert<Typed<SalaryStats>>,
  Assert<Typed<SiteStats>>,
  Assert<Typed<CurrentUser>>,
  Assert<Typed<UserMood>>,
  Assert<Typed<SavedJob>>,
  Assert<Typed<Activity>>,
  Assert<Typed<RefreshResult>>,
  Assert<Typed<BatchStarted>>,
  Assert<Typed<BatchProgress>>,
  Assert<Typed<PayRow>>,
];

// A few fields the screens rely on, with their exact wire types (dates travel as strings).
export type FieldsAreExact = [
  Assert<Equal<CurrentUser['isAdmin'], boolean>>,
  Assert<Equal<UserMood['updatedAt'], string>>,
  Assert<Equal<SavedJob['job']['school'], { id: number; name: string } | null>>,
  Assert<Equal<Activity['counts']['pending'], number>>,
  Assert<Equal<Activity['reviews'][number]['status'], 'approved' | 'pending' | 'rejected'>>,
  Assert<Equal<RefreshResult['deletedJobs'], number>>,
  Assert<Equal<BatchProgress['status'], 'running' | 'done'>>,
];
