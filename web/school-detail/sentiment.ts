/** Sentiment label by average sentiment (product §4): ≥4, ≥3.5, ≥2.5, below. */
export function sentimentLabel(average: number): 'Very Positive' | 'Positive' | 'Mixed' | 'Challenging' {
  if (average >= 4) return 'Very Positive';
  if (average >= 3.5) return 'Positive';
  if (average >= 2.5) return 'Mixed';
  return 'Challenging';
}

/** Mood form wording: create when the user has no mood for the school yet, update otherwise (product §4). */
export function moodFormLabels(hasMood: boolean) {
  return hasMood
    ? { open: 'Update My Mood', submit: 'Update Mood', method: 'PUT' as const }
    : { open: 'Share My Experience', submit: 'Share Mood', method: 'POST' as const };
}
