import { itemOn, lot, timeline } from '../../testing/lots';
import type { ElevatorDevice, SafetyViolation } from '../../types';

const device = (fields: Partial<ElevatorDevice> = {}): ElevatorDevice => ({
  deviceNumber: '1P1234',
  deviceType: 'Passenger Elevator (P)',
  deviceStatus: 'Active',
  periodicLatestInspection: null,
  cat1LatestReportFiled: null,
  cat5LatestReportFiled: null,
  ...fields,
});
const building = (...elevatorDevices: ElevatorDevice[]) => lot({ numfloors: 5, bldgclass: 'D1', unitsres: 20, elevatorDevices });

describe('elevator rules', () => {
  it('apply to active devices only; CAT5 only to elevators, not escalators or dumbwaiters', () => {
    expect(itemOn('elevator_periodic', lot(), '2025-06-01')).toBeUndefined();
    expect(itemOn('elevator_periodic', building(device({ deviceStatus: 'Dismantled' })), '2025-06-01')).toBeUndefined();
    expect(itemOn('elevator_periodic', building(device({ deviceStatus: 'A' })), '2025-06-01')).toBeDefined();
    const escalator = building(device({ deviceType: 'Escalator (E)' }));
    expect(itemOn('elevator_cat1', escalator, '2025-06-01')).toBeDefined();
    expect(itemOn('elevator_cat5', escalator, '2025-06-01')).toBeUndefined();
    expect(itemOn('elevator_cat5', building(device({ deviceType: 'Dumbwaiter (D)' })), '2025-06-01')).toBeUndefined();
  });

  it('periodic: last year\'s inspection holds until 90 days before January 14, then due soon, overdue from January 15', () => {
    const facts = building(device({ periodicLatestInspection: '2024-05-01' }));
    expect(timeline('elevator_periodic', facts, ['2025-10-15', '2025-10-16', '2026-01-14', '2026-01-15'])).toEqual([
      ['2025-10-15', 'ok', '2026-01-14'],
      ['2025-10-16', 'due_soon', '2026-01-14'],
      ['2026-01-14', 'due_soon', '2026-01-14'],
      ['2026-01-15', 'overdue', '2026-01-14'],
    ]);
    expect(itemOn('elevator_periodic', building(device({ periodicLatestInspection: '2025-03-10' })), '2025-06-01')).toMatchObject({ status: 'ok', dueDate: '2027-01-14', lastEvidenceAt: '2025-03-10' });
  });

  it('CAT1: owed by January 21; a January filing without a report year counts for the year before', () => {
    const facts = building(device({ cat1LatestReportFiled: '2025-01-10' }));
    expect(timeline('elevator_cat1', facts, ['2025-01-21', '2025-10-22', '2025-10-23', '2026-01-21', '2026-01-22'])).toEqual([
      ['2025-01-21', 'ok', '2026-01-21'],
      ['2025-10-22', 'ok', '2026-01-21'],
      ['2025-10-23', 'due_soon', '2026-01-21'],
      ['2026-01-21', 'due_soon', '2026-01-21'],
      ['2026-01-22', 'overdue', '2026-01-21'],
    ]);
    expect(itemOn('elevator_cat1', building(device({ cat1LatestReportFiled: '2025-01-10', cat1ReportYear: 2025 })), '2025-06-01')?.dueDate).toBe('2027-01-21');
  });

  it('CAT5: owed by the 21st of the month after the fifth anniversary of the last one', () => {
    const facts = building(device({ cat5LatestReportFiled: '2021-03-15' }));
    expect(timeline('elevator_cat5', facts, ['2026-01-20', '2026-01-21', '2026-04-21', '2026-04-22'])).toEqual([
      ['2026-01-20', 'ok', '2026-04-21'],
      ['2026-01-21', 'due_soon', '2026-04-21'],
      ['2026-04-21', 'due_soon', '2026-04-21'],
      ['2026-04-22', 'overdue', '2026-04-21'],
    ]);
    // No CAT5 on file and no public date of the device's certificate: nothing dates what is owed, so no copy of the file can show it missed.
    expect(itemOn('elevator_cat5', building(device()), '2025-06-01')).toMatchObject({ status: 'unverifiable', verifiable: false, dueDate: null, lastEvidenceAt: null });
    expect(itemOn('elevator_cat5', building(device()), '2025-06-01')!.basis).toContain('no public fact dates what is owed');
  });

  it('shows the device furthest behind', () => {
    const current = device({ deviceNumber: '1P1', periodicLatestInspection: '2025-03-01' });
    const behind = device({ deviceNumber: '1P2', periodicLatestInspection: '2023-03-01' });
    expect(itemOn('elevator_periodic', building(current, behind), '2025-06-01')).toMatchObject({ status: 'overdue', dueDate: '2025-01-14', lastEvidenceAt: '2023-03-01' });
  });

  it('needs action for uncorrected defects of that test, or an open failure-to-correct violation', () => {
    const tested = device({ cat1LatestReportFiled: '2025-03-01', uncorrectedDefects: ['cat1'] });
    expect(itemOn('elevator_cat1', building(tested), '2025-06-01')?.status).toBe('action_needed');
    expect(itemOn('elevator_periodic', building({ ...tested, periodicLatestInspection: '2025-03-01' }), '2025-06-01')?.status).toBe('ok');
    const violation = (violationStatus: string): SafetyViolation => ({ violationType: 'FTC-VT-CAT1-CO', deviceType: 'Elevator', violationStatus, issuedOn: '2022-03-01' });
    const filed = device({ cat1LatestReportFiled: '2025-03-01' });
    expect(itemOn('elevator_cat1', { ...building(filed), safetyViolations: [violation('Active')] }, '2025-06-01')?.status).toBe('action_needed');
    expect(itemOn('elevator_cat1', { ...building(filed), safetyViolations: [violation('Dismissed')] }, '2025-06-01')?.status).toBe('ok');
  });
});
