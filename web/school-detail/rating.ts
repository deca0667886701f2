// Apart from sentiment.ts: the Overview (the first load) needs this alone, the mood wording loads
// with the other sections.
/** A rating of 1–5 as a bar width: value × 20, one decimal (product §2). */
export const ratingPercent = (value: number) => `${(value * 20).toFixed(1)}%`;
