/** "N jobs found" from X-Total-Count ("1,000+" when the API caps a filtered count). */
export function jobsFoundText(total: number, capped: boolean) {
  return `${total.toLocaleString('en-GB')}${capped ? '+' : ''} ${total === 1 && !capped ? 'job' : 'jobs'} found`;
}
