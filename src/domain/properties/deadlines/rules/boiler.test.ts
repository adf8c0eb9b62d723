import { itemOn, lot, timeline } from '../../testing/lots';
import type { BoilerReport } from '../../types';

const report = (boilerId: string, inspectionDate: string, fields: Partial<BoilerReport> = {}): BoilerReport => ({
  boilerId,
  reportYear: Number(inspectionDate.slice(0, 4)),
  inspectionDate,
  defectsExist: false,
  reportStatus: 'Accepted',
  ...fields,
});
const apartments = (boilerReports: BoilerReport[] = []) => lot({ bldgclass: 'C1', unitsres: 6, boilerReports });

describe('boiler_inspection', () => {
  it('applies from six residential units, or to a lot with boiler reports', () => {
    expect(itemOn('boiler_inspection', lot({ bldgclass: 'C0', unitsres: 5 }), '2025-06-01')).toBeUndefined();
    expect(itemOn('boiler_inspection', apartments(), '2025-06-01')).toMatchObject({ status: 'overdue', dueDate: '2025-01-14', lastEvidenceAt: null });
    expect(itemOn('boiler_inspection', lot({ bldgclass: 'K1', unitsres: 0, boilerReports: [report('B1', '2025-02-01')] }), '2025-06-01')?.status).toBe('ok');
  });

  it('holds last year\'s inspection until 90 days before January 14, overdue from January 15', () => {
    expect(timeline('boiler_inspection', apartments([report('B1', '2024-11-20')]), ['2025-10-15', '2025-10-16', '2026-01-14', '2026-01-15'])).toEqual([
      ['2025-10-15', 'ok', '2026-01-14'],
      ['2025-10-16', 'due_soon', '2026-01-14'],
      ['2026-01-14', 'due_soon', '2026-01-14'],
      ['2026-01-15', 'overdue', '2026-01-14'],
    ]);
  });

  it('counts only accepted reports, and shows the boiler furthest behind', () => {
    expect(itemOn('boiler_inspection', apartments([report('B1', '2025-02-01', { reportStatus: 'Rejected' })]), '2025-06-01')?.status).toBe('overdue');
    const item = itemOn('boiler_inspection', apartments([report('B1', '2025-02-01'), report('B2', '2023-02-01')]), '2025-06-01');
    expect(item).toMatchObject({ status: 'overdue', dueDate: '2025-01-14', lastEvidenceAt: '2023-02-01' });
  });

  it('needs action while the latest report shows defects, or a failure-to-file violation is open', () => {
    expect(itemOn('boiler_inspection', apartments([report('B1', '2025-02-01', { defectsExist: true })]), '2025-06-01')?.status).toBe('action_needed');
    expect(itemOn('boiler_inspection', apartments([report('B1', '2024-02-01', { defectsExist: true }), report('B1', '2025-02-01')]), '2025-06-01')?.status).toBe('ok');
    const facts = { ...apartments([report('B1', '2025-02-01')]), safetyViolations: [{ violationType: 'LBLVIO', deviceType: 'Boiler', violationStatus: 'Active', issuedOn: '2013-03-01' }] };
    expect(itemOn('boiler_inspection', facts, '2025-06-01')?.status).toBe('action_needed');
  });
});
