import { itemOn, lot, timeline } from '../../testing/lots';

const walkup = (fields: Parameters<typeof lot>[0] = {}) => lot({ bldgclass: 'C0', unitsres: 3, yearbuilt: 1931, ...fields });

describe('hpd_registration', () => {
  it('applies from three units, or to a house HPD has a registration for', () => {
    expect(itemOn('hpd_registration', lot({ unitsres: 2 }), '2025-06-01')).toBeUndefined();
    expect(itemOn('hpd_registration', lot({ unitsres: 2, hpdRegistrations: [{ lastRegistrationDate: '2024-08-01', registrationEndDate: '2025-09-01' }] }), '2025-06-01')).toBeDefined();
  });

  it('is due soon from 90 days before the registration ends, lapsed (action needed) the day after', () => {
    const facts = walkup({ hpdRegistrations: [{ lastRegistrationDate: '2024-08-07', registrationEndDate: '2025-09-01' }] });
    expect(timeline('hpd_registration', facts, ['2025-06-02', '2025-06-03', '2025-09-01', '2025-09-02'])).toEqual([
      ['2025-06-02', 'ok', '2025-09-01'],
      ['2025-06-03', 'due_soon', '2025-09-01'],
      ['2025-09-01', 'due_soon', '2025-09-01'],
      ['2025-09-02', 'action_needed', '2025-09-01'],
    ]);
    expect(itemOn('hpd_registration', facts, '2025-06-01')?.lastEvidenceAt).toBe('2024-08-07');
  });

  it('is overdue since the last September 1 when HPD shows no registration', () => {
    expect(timeline('hpd_registration', walkup({ hpdRegistrations: [] }), ['2025-09-01', '2025-09-02'])).toEqual([
      ['2025-09-01', 'overdue', '2024-09-01'],
      ['2025-09-02', 'overdue', '2025-09-01'],
    ]);
  });
});

describe('bedbug_report', () => {
  it('holds last December\'s filing until 90 days before December 31, overdue from January 1', () => {
    const facts = walkup({ bedbugFilings: [{ filingDate: '2024-12-10', filingPeriodEndDate: null }] });
    expect(timeline('bedbug_report', facts, ['2025-10-01', '2025-10-02', '2025-12-31', '2026-01-01'])).toEqual([
      ['2025-10-01', 'ok', '2025-12-31'],
      ['2025-10-02', 'due_soon', '2025-12-31'],
      ['2025-12-31', 'due_soon', '2025-12-31'],
      ['2026-01-01', 'overdue', '2025-12-31'],
    ]);
  });

  it('counts a late filing for the year it reports', () => {
    expect(itemOn('bedbug_report', walkup({ bedbugFilings: [{ filingDate: '2026-01-05', filingPeriodEndDate: null }] }), '2026-01-10')).toMatchObject({ status: 'ok', dueDate: '2026-12-31' });
    expect(itemOn('bedbug_report', walkup({ bedbugFilings: [{ filingDate: '2026-01-05', filingPeriodEndDate: '2025-10-31' }] }), '2026-01-10')?.status).toBe('ok');
    expect(itemOn('bedbug_report', lot(), '2026-01-10')).toBeUndefined();
  });
});

describe('lead paint reminders', () => {
  it('apply to three or more units built before 1960 (an unknown year counts as before)', () => {
    expect(itemOn('lead_paint_notice', walkup({ yearbuilt: 1960 }), '2025-06-01')).toBeUndefined();
    expect(itemOn('lead_paint_notice', walkup({ yearbuilt: 1959 }), '2025-06-01')).toBeDefined();
    expect(itemOn('lead_paint_notice', walkup({ yearbuilt: null }), '2025-06-01')).toBeDefined();
    expect(itemOn('lead_paint_xrf', walkup({ unitsres: 2 }), '2025-06-01')).toBeUndefined();
  });

  it('notice by January 16 each year; XRF by August 9, 2025, still the date owed after it', () => {
    expect(timeline('lead_paint_notice', walkup(), ['2026-01-16', '2026-01-17'])).toEqual([
      ['2026-01-16', 'unverifiable', '2026-01-16'],
      ['2026-01-17', 'unverifiable', '2027-01-16'],
    ]);
    expect(timeline('lead_paint_xrf', walkup(), ['2025-08-09', '2025-08-10'])).toEqual([
      ['2025-08-09', 'unverifiable', '2025-08-09'],
      ['2025-08-10', 'unverifiable', '2025-08-09'],
    ]);
    expect(itemOn('lead_paint_xrf', walkup(), '2025-06-01')).toMatchObject({ verifiable: false, lastEvidenceAt: null });
  });
});
