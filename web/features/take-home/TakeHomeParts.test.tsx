// A job's take-home line as the server and the first render give it (web/features/take-home/
// TakeHomeParts.tsx): the figures come later, in idle time, so a salary it can read keeps the
// line's space from the first paint (nothing below it moves when they come); one it cannot read has
// no line at all.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { JobTakeHome } from './TakeHomeParts';

const first = (job: { salaryText?: string | null; salaryMin?: number | null; salaryMax?: number | null }) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <JobTakeHome job={{ borough: 'Camden', ...job }} className="-mt-1" />
    </MemoryRouter>,
  );

describe("a job's take-home line before its figures", () => {
  it('keeps one line for a salary it can read: a pay range, pounds, or the board’s figures', () => {
    for (const job of [
      { salaryText: 'MPS (Inner London)' },
      { salaryText: '£32,916 - £45,525' },
      { salaryMin: 35_000, salaryMax: 42_000 },
    ]) {
      expect(first(job), JSON.stringify(job)).toBe('<p class="text-sm min-h-5 -mt-1" data-testid="job-take-home-space"></p>');
    }
  });

  it('keeps two for one whose advert adds an allowance (its words take a line of their own)', () => {
    expect(first({ salaryText: 'MPS/UPS + TLR 2b' })).toBe('<p class="text-sm min-h-10 -mt-1" data-testid="job-take-home-space"></p>');
  });

  it('has none for a salary it cannot read, or none given', () => {
    for (const job of [{ salaryText: '£12.50 per hour' }, { salaryText: 'Competitive' }, {}])
      expect(first(job), JSON.stringify(job)).toBe('');
  });
});
