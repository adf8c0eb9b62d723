import { classifyInspectionType, closureOf, formatAddress, isSanitaryInspection, normalizeGrade } from './records';

describe('record quirks', () => {
  it('reads grade letters, blanks and strays', () => {
    for (const grade of ['A', 'B', 'C', 'Z', 'P', 'N']) expect(normalizeGrade(grade)).toBe(grade);
    expect(normalizeGrade(' b ')).toBe('B');
    expect(normalizeGrade('Not Yet Graded')).toBe('N');
    expect(normalizeGrade('')).toBeNull();
    expect(normalizeGrade(null)).toBeNull();
    expect(normalizeGrade('G')).toBeNull();
  });

  it('recognises closures from the ACTION text', () => {
    expect(closureOf('Establishment Closed by DOHMH. Violations were cited in the following area(s) and those requiring immediate action were addressed.')).toBe('closed');
    expect(closureOf('Establishment re-closed by DOHMH.')).toBe('reclosed');
    expect(closureOf('Establishment re-opened by DOHMH.')).toBe('reopened');
    expect(closureOf('Violations were cited in the following area(s).')).toBeNull();
    expect(closureOf(null)).toBeNull();
  });

  it('classifies inspection types into sanitary, administrative and enforcement programs', () => {
    expect(classifyInspectionType('Cycle Inspection / Re-inspection')).toEqual({ program: 'cycle', stage: 'reinspection' });
    expect(classifyInspectionType('Pre-permit (Operational) / Initial Inspection')).toEqual({ program: 'pre_permit', stage: 'initial' });
    expect(classifyInspectionType('Cycle Inspection / Second Compliance Inspection')).toEqual({ program: 'cycle', stage: 'compliance' });
    expect(classifyInspectionType('Administrative Miscellaneous / Initial Inspection').program).toBe('administrative');
    for (const type of ['Smoke-Free Air Act / Limited Inspection', 'Trans Fat / Initial Inspection', 'Calorie Posting / Re-inspection', 'Sodium Warning / Initial Inspection', 'Inter-Agency Task Force / Initial Inspection']) {
      expect(classifyInspectionType(type).program).toBe('enforcement');
      expect(isSanitaryInspection(type)).toBe(false);
    }
  });

  it('formats addresses', () => {
    expect(formatAddress('107', 'EAST   34 STREET')).toBe('107 EAST 34 STREET');
    expect(formatAddress('N/A', 'N/A')).toBe('');
  });
});
