// The pay awards behind the years the pay scales hold, where the pay document that will carry them
// is not yet published (decision 0309): what the page says first for such a year. Checked against
// the figures in db/seed/pay-scales.json by core/pay-awards.test.ts.

/** A figure the award does not raise by its percentage, with what the page says of it. */
export interface AwardException {
  region: string;
  paySpine: string;
  pointLabel: string;
  /** The figure a year before, and the award's. */
  before: number;
  after: number;
  percent: number;
  /** Shown under the figure's table (the `*` marks the point). */
  note: string;
}

export interface PayAward {
  /** The effective date of the figures (a PAY_YEARS entry). */
  effectiveDate: string;
  /** The page's first line for the year. */
  line: string;
  percent: number;
  /** The day the government accepted it. */
  accepted: string;
  /** The service whose figures these are until the pay document is published (its name is linked where the caveat names it). */
  source: { name: string; url: string };
  exceptions: AwardException[];
}

export const PAY_AWARDS: Record<string, PayAward> = {
  '2026-09-01': {
    effectiveDate: '2026-09-01',
    line: 'The 2026 pay award: 3.5 % from 1 September 2026, accepted by the government on 1 July 2026 (and 3 % from 1 September 2027).',
    percent: 3.5,
    accepted: '2026-07-01',
    source: { name: 'Calculate teacher pay', url: 'https://calculate-teacher-pay.education.gov.uk/' },
    exceptions: [
      {
        region: 'England',
        paySpine: 'Unqualified Teacher',
        pointLabel: '1',
        before: 22601,
        after: 23732,
        percent: 5,
        note: 'Point 1 rises 5 % (£22,601 to £23,732), not 3.5 %: the DfE gives this figure and calls it “a 5% pay rise”; the 2026 pay document will say why.',
      },
    ],
  },
};

/** A figure raised by `percent`, rounded up to the pound (how every 2026 figure relates to 2025's). */
// figure × (100 + percent) is exact for whole pounds and half percents, and so is a whole quotient.
export const raised = (figure: number, percent: number) => Math.ceil((figure * (100 + percent)) / 100);
