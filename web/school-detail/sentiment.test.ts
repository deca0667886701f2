import { describe, expect, it } from 'vitest';
import { ratingPercent } from './rating';
import { moodFormLabels, sentimentLabel } from './sentiment';

describe('sentimentLabel', () => {
  it('uses the thresholds 4, 3.5 and 2.5', () => {
    expect(sentimentLabel(5)).toBe('Very Positive');
    expect(sentimentLabel(4)).toBe('Very Positive');
    expect(sentimentLabel(3.99)).toBe('Positive');
    expect(sentimentLabel(3.5)).toBe('Positive');
    expect(sentimentLabel(3.49)).toBe('Mixed');
    expect(sentimentLabel(2.5)).toBe('Mixed');
    expect(sentimentLabel(2.49)).toBe('Challenging');
    expect(sentimentLabel(0)).toBe('Challenging');
  });
});

describe('ratingPercent / moodFormLabels', () => {
  it('multiplies by 20 with one decimal', () => {
    expect(ratingPercent(4.33)).toBe('86.6%');
    expect(ratingPercent(5)).toBe('100.0%');
  });
  it('switches create and update wording', () => {
    expect(moodFormLabels(false)).toEqual({ open: 'Share My Experience', submit: 'Share Mood', method: 'POST' });
    expect(moodFormLabels(true)).toEqual({ open: 'Update My Mood', submit: 'Update Mood', method: 'PUT' });
  });
});
