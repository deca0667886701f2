import { describe, expect, it } from 'vitest';
import { censusLabel, pupilStaffRatio, registerValue, staffFigures, teachersLine, type Workforce } from './school-facts';

const aldgate: Workforce = {
  workforceCensus: '2018-11',
  teachersFte: 19.1,
  teachersHeadcount: 24,
  teachingAssistantsFte: 13.4,
  teachingAssistantsHeadcount: 18,
  supportStaffFte: 15.9,
  supportStaffHeadcount: 30,
  pupilTeacherRatio: 15,
};
const none: Workforce = {
  workforceCensus: null,
  teachersFte: null,
  teachersHeadcount: null,
  teachingAssistantsFte: null,
  teachingAssistantsHeadcount: null,
  supportStaffFte: null,
  supportStaffHeadcount: null,
  pupilTeacherRatio: null,
};

describe('school facts', () => {
  it('leaves register placeholders out', () => {
    for (const p of ['Not applicable', 'Does not apply', 'not recorded', ' Unknown ', '', null, undefined])
      expect(registerValue(p)).toBeNull();
    expect(registerValue('Primary')).toBe('Primary');
    expect(registerValue('None')).toBe('None'); // a real answer: no religious character
  });

  it('dates every census figure', () => {
    expect(censusLabel('2018-11')).toBe('November 2018 census');
    expect(censusLabel('2018-13')).toBeNull();
    expect(teachersLine(aldgate)).toBe('Teachers: 19.1 FTE, November 2018 census');
    expect(teachersLine({ ...aldgate, teachersFte: 2 })).toBe('Teachers: 2 FTE, November 2018 census');
    expect(teachersLine(none)).toBeNull();
    // A figure without its census is not shown at all.
    expect(teachersLine({ ...aldgate, workforceCensus: null })).toBeNull();
    expect(staffFigures({ ...aldgate, workforceCensus: null })).toEqual([]);
    expect(staffFigures(aldgate)).toEqual([
      { label: 'Teachers', value: '19.1 FTE (24 people)', census: 'November 2018 census' },
      { label: 'Teaching assistants', value: '13.4 FTE (18 people)', census: 'November 2018 census' },
      {
        label: 'Support staff',
        value: '15.9 FTE (30 people)',
        note: 'not teaching assistants or auxiliary staff',
        census: 'November 2018 census',
      },
      { label: 'Pupils per teacher', value: '15', census: 'November 2018 census' },
    ]);
  });

  it('gives the pupil-staff ratio of the census, with its date, or "Not published"', () => {
    expect(pupilStaffRatio(aldgate)).toBe('15:1 pupils per teacher, November 2018 census');
    expect(pupilStaffRatio({ ...aldgate, pupilTeacherRatio: 18.7 })).toBe('19:1 pupils per teacher, November 2018 census');
    expect(pupilStaffRatio({ ...aldgate, pupilTeacherRatio: null })).toBe('Not published');
    expect(pupilStaffRatio(none)).toBe('Not published');
  });
});
