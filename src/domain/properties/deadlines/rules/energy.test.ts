import { itemOn, lot, timeline } from '../../testing/lots';

const office = (fields: Parameters<typeof lot>[0] = {}) => lot({ bldgclass: 'O4', unitsres: 0, numfloors: 5, bldgarea: 60_000, block: 834, ...fields });

describe('benchmarking (LL84)', () => {
  it('applies over 25,000 sq ft, or on the LL33 list, or with submissions', () => {
    expect(itemOn('benchmarking', office({ bldgarea: 25_000 }), '2025-06-01')).toBeUndefined();
    expect(itemOn('benchmarking', office({ bldgarea: 25_001 }), '2025-06-01')).toBeDefined();
    expect(itemOn('benchmarking', office({ bldgarea: 9_000, energyGrade: { grade: 'B', grossFloorArea: 26_000 } }), '2025-06-01')).toBeDefined();
  });

  it('holds last year\'s report until 90 days before May 1, overdue from May 2', () => {
    const facts = office({ benchmarkingSubmissions: [{ reportYear: 2024, submittedOn: '2025-04-20' }] });
    expect(timeline('benchmarking', facts, ['2026-01-30', '2026-01-31', '2026-05-01', '2026-05-02'])).toEqual([
      ['2026-01-30', 'ok', '2026-05-01'],
      ['2026-01-31', 'due_soon', '2026-05-01'],
      ['2026-05-01', 'due_soon', '2026-05-01'],
      ['2026-05-02', 'overdue', '2026-05-01'],
    ]);
    expect(itemOn('benchmarking', facts, '2025-06-01')?.lastEvidenceAt).toBe('2025-04-20');
    expect(itemOn('benchmarking', office({ benchmarkingSubmissions: [] }), '2025-06-01')).toMatchObject({ status: 'overdue', dueDate: '2025-05-01' });
  });

  it('needs action while a failure-to-benchmark violation is open', () => {
    const facts = office({
      benchmarkingSubmissions: [{ reportYear: 2024, submittedOn: '2025-04-20' }],
      safetyViolations: [{ violationType: 'FTF-EN-BENCH', deviceType: null, violationStatus: 'Active', issuedOn: '2024-08-01' }],
    });
    expect(itemOn('benchmarking', facts, '2025-06-01')?.status).toBe('action_needed');
  });
});

describe('reminders of the energy laws', () => {
  it('energy_grade_label: benchmarked lots except grade N, posted by October 31', () => {
    expect(itemOn('energy_grade_label', office({ energyGrade: { grade: 'N', grossFloorArea: 60_000 } }), '2025-06-01')).toBeUndefined();
    expect(timeline('energy_grade_label', office({ energyGrade: { grade: 'D', grossFloorArea: 60_000 } }), ['2025-10-31', '2025-11-01'])).toEqual([
      ['2025-10-31', 'unverifiable', '2025-10-31'],
      ['2025-11-01', 'unverifiable', '2026-10-31'],
    ]);
  });

  it('emissions: over 25,000 sq ft, May 1 each year from 2025', () => {
    expect(itemOn('emissions', office({ bldgarea: 20_000 }), '2025-06-01')).toBeUndefined();
    expect(timeline('emissions', office(), ['2023-06-01', '2025-05-01', '2025-05-02'])).toEqual([
      ['2023-06-01', 'unverifiable', '2025-05-01'],
      ['2025-05-01', 'unverifiable', '2025-05-01'],
      ['2025-05-02', 'unverifiable', '2026-05-01'],
    ]);
  });

  it('energy_audit: over 50,000 sq ft, December 31 of the year ending in the block\'s last digit', () => {
    expect(itemOn('energy_audit', office({ bldgarea: 50_000 }), '2025-06-01')).toBeUndefined();
    expect(timeline('energy_audit', office({ block: 834 }), ['2024-12-31', '2025-01-01'])).toEqual([
      ['2024-12-31', 'unverifiable', '2024-12-31'],
      ['2025-01-01', 'unverifiable', '2034-12-31'],
    ]);
    expect(itemOn('energy_audit', office({ block: null }), '2025-06-01')?.dueDate).toBeNull();
  });
});
