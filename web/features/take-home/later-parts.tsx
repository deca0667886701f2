// The take-home parts that cards and lists show, each in the engine's chunk, loaded after the first
// render (later(): the server renders them, the browser hydrates them when the chunk arrives).
import { later } from '../../lib/later';
import type { Job } from '../../data/client';

// The job's take-home a month with her settings (issue 38): the engine's chunk, after the first render.
const JobTakeHome = later(() => import('./TakeHomeParts').then((m) => m.JobTakeHome));

/** A job card's take-home line: what a screen hands to JobCard's `takeHome` (decision 0018). */
export function JobCardTakeHome({ job }: { job: Job }) {
  return <JobTakeHome job={job} className="relative z-[2] -mt-1" />;
}
