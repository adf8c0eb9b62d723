import { classifyInspectionType, closureOf, formatAddress, isSanitaryInspection, normalizeBorough, normalizeCoordinates, normalizeGrade, normalizeZip, parseCityDate } from './records';

describe('record quirks', () => {
  it('reads both date formats and rejects impossible dates', () => {
    expect(parseCityDate('04/02/2024')).toBe('2024-04-02');
    expect(parseCityDate('2025-11-18T00:00:00.000')).toBe('2025-11-18');
    expect(parseCityDate('01/01/1900')).toBe('1900-01-01');
    expect(parseCityDate('')).toBeNull();
    expect(parseCityDate('02/30/2024')).toBeUndefined();
    expect(parseCityDate('yesterday')).toBeUndefined();
  });

  it('normalizes boroughs, falling back to the ZIP when BORO is 0', () => {
    expect(normalizeBorough('Manhattan', '10014')).toBe('Manhattan');
    expect(normalizeBorough('STATEN IS', null)).toBe('Staten Island');
    expect(normalizeBorough('3', null)).toBe('Brooklyn');
    expect(normalizeBorough('0', '10306')).toBe('Staten Island');
    expect(normalizeBorough('0', '11542')).toBe('Unknown');
    expect(normalizeBorough('', null)).toBe('Unknown');
  });

  it('reads grade letters, blanks and strays', () => {
    for (const grade of ['A', 'B', 'C', 'Z', 'P', 'N']) expect(normalizeGrade(grade)).toBe(grade);
    expect(normalizeGrade(' b ')).toBe('B');
    expect(normalizeGrade('Not Yet Graded')).toBe('N');
    expect(normalizeGrade('')).toBeNull();
    expect(normalizeGrade(null)).toBeNull();
    expect(normalizeGrade('G')).toBeNull();
  });

  it('turns missing and zero coordinates into null', () => {
    expect(normalizeCoordinates(0, 0)).toEqual({ latitude: null, longitude: null });
    expect(normalizeCoordinates(null, -73.9)).toEqual({ latitude: null, longitude: null });
    expect(normalizeCoordinates(40.72, 0)).toEqual({ latitude: null, longitude: null });
    expect(normalizeCoordinates(34.05, -118.24)).toEqual({ latitude: null, longitude: null });
    expect(normalizeCoordinates(40.727239355189, -74.006559232767)).toEqual({ latitude: 40.727239355189, longitude: -74.006559232767 });
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

  it('formats addresses and ZIPs', () => {
    expect(formatAddress('107', 'EAST   34 STREET')).toBe('107 EAST 34 STREET');
    expect(formatAddress('N/A', 'N/A')).toBe('');
    expect(normalizeZip('10014.0')).toBe('10014');
    expect(normalizeZip('N/A')).toBeNull();
  });
});
