import { itemOn, lot, timeline } from '../../testing/lots';
import type { FacadeFiling } from '../../types';

const report = (cycle: string, filingStatus: string, submittedOn: string, filingType = 'Initial'): FacadeFiling => ({ cycle, filingType, filingStatus, submittedOn });
const tower = (block: number, facadeFilings: FacadeFiling[] = []) => lot({ numfloors: 12, bldgclass: 'D4', unitsres: 60, block, facadeFilings });

describe('facade_filing (FISP)', () => {
  it('applies above six stories, or to any lot the facade dataset lists', () => {
    expect(itemOn('facade_filing', lot({ numfloors: 6 }), '2025-06-01')).toBeUndefined();
    expect(itemOn('facade_filing', lot({ numfloors: 7 }), '2025-06-01')).toBeDefined();
    expect(itemOn('facade_filing', lot({ numfloors: 6, facadeFilings: [report('10', 'No Report Filed', '2025-02-21', 'Auto-Generated')] }), '2025-06-01')?.status).toBe('overdue');
  });

  it('closes cycle 10 by the last digit of the block: A (4,5,6,9) 2027, B (0,7,8) 2028, C (1,2,3) 2029', () => {
    const filedCycle9 = (block: number) => tower(block, [report('9', 'SAFE', '2021-06-01')]);
    expect(itemOn('facade_filing', filedCycle9(834), '2025-06-01')?.dueDate).toBe('2027-02-21');
    expect(itemOn('facade_filing', filedCycle9(830), '2025-06-01')?.dueDate).toBe('2028-02-21');
    expect(itemOn('facade_filing', filedCycle9(833), '2025-06-01')?.dueDate).toBe('2029-02-21');
  });

  it('is ok on the cycle 9 report until 90 days before 10A closes, due soon to the close, overdue the day after', () => {
    const facts = tower(834, [report('9', 'SAFE', '2021-06-01')]);
    expect(timeline('facade_filing', facts, ['2026-11-22', '2026-11-23', '2027-02-21', '2027-02-22'])).toEqual([
      ['2026-11-22', 'ok', '2027-02-21'],
      ['2026-11-23', 'due_soon', '2027-02-21'],
      ['2027-02-21', 'due_soon', '2027-02-21'],
      ['2027-02-22', 'overdue', '2027-02-21'],
    ]);
    expect(itemOn('facade_filing', facts, '2025-06-01')?.lastEvidenceAt).toBe('2021-06-01');
  });

  it('is overdue since the last cycle closed when no report was ever filed; a placeholder is not a report', () => {
    expect(itemOn('facade_filing', tower(834), '2025-06-01')).toMatchObject({ status: 'overdue', dueDate: '2022-02-21', lastEvidenceAt: null });
    expect(itemOn('facade_filing', tower(834, [report('10', 'No Report Filed', '2025-02-21', 'Auto-Generated')]), '2025-06-01')?.status).toBe('overdue');
  });

  it('is ok once the current cycle is filed, owing the next cycle', () => {
    expect(itemOn('facade_filing', tower(834, [report('10A', 'SAFE', '2025-09-01')]), '2025-10-01')).toMatchObject({ status: 'ok', dueDate: '2032-02-21', lastEvidenceAt: '2025-09-01' });
  });

  it('needs action while the standing report is UNSAFE or SWARMP; an amended SAFE report clears it', () => {
    const unsafe = report('10', 'UNSAFE', '2025-09-01');
    expect(itemOn('facade_filing', tower(834, [unsafe]), '2025-10-01')?.status).toBe('action_needed');
    expect(itemOn('facade_filing', tower(834, [report('10', 'SWARMP', '2025-09-01')]), '2025-10-01')?.status).toBe('action_needed');
    expect(itemOn('facade_filing', tower(834, [unsafe, report('10', 'SAFE', '2025-11-20')]), '2025-12-01')?.status).toBe('ok');
  });
});
