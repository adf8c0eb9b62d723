import { itemOn, lot, timeline } from '../../testing/lots';
import type { CoolingTower } from '../../types';

const apartments = (fields: Parameters<typeof lot>[0] = {}) => lot({ bldgclass: 'D1', unitsres: 40, numfloors: 6, ...fields });

describe('gas_piping (LL152)', () => {
  it('applies to every lot but one- and two-family houses', () => {
    expect(itemOn('gas_piping', lot({ bldgclass: 'B2' }), '2025-06-01')).toBeUndefined();
    expect(itemOn('gas_piping', apartments(), '2025-06-01')?.status).toBe('unverifiable');
    expect(itemOn('gas_piping', apartments({ bldgclass: null }), '2025-06-01')).toBeDefined();
  });

  it('is due December 31 of the community district\'s year, every four years', () => {
    expect(itemOn('gas_piping', apartments({ cd: 101 }), '2025-06-01')?.dueDate).toBe('2028-12-31');
    expect(itemOn('gas_piping', apartments({ cd: 318 }), '2025-06-01')?.dueDate).toBe('2025-12-31');
    expect(timeline('gas_piping', apartments({ cd: 302 }), ['2025-12-31', '2026-01-01'])).toEqual([
      ['2025-12-31', 'unverifiable', '2025-12-31'],
      ['2026-01-01', 'unverifiable', '2029-12-31'],
    ]);
  });

  it('waits ten years for a new building, and gives no date for a district with no published year', () => {
    expect(itemOn('gas_piping', apartments({ cd: 101, yearbuilt: 2020 }), '2025-06-01')?.dueDate).toBe('2032-12-31');
    expect(itemOn('gas_piping', apartments({ cd: 164 }), '2025-06-01')?.dueDate).toBeNull();
  });
});

describe('parapet_observation (LL126) and backflow_test', () => {
  it('parapets: every lot but a detached house, observed by December 31', () => {
    expect(itemOn('parapet_observation', lot({ bldgclass: 'A1' }), '2025-06-01')).toBeUndefined();
    expect(timeline('parapet_observation', lot({ bldgclass: 'A5' }), ['2025-12-31', '2026-01-01'])).toEqual([
      ['2025-12-31', 'unverifiable', '2025-12-31'],
      ['2026-01-01', 'unverifiable', '2026-12-31'],
    ]);
  });

  it('backflow: a reminder with no date for every lot but a one- or two-family house', () => {
    expect(itemOn('backflow_test', lot({ bldgclass: 'B1' }), '2025-06-01')).toBeUndefined();
    expect(itemOn('backflow_test', apartments(), '2025-06-01')).toMatchObject({ status: 'unverifiable', dueDate: null, verifiable: false });
  });
});

describe('cooling_tower', () => {
  const tower = (fields: Partial<CoolingTower> = {}): CoolingTower => ({ towerId: 'CT1', status: 'Active', registeredOn: '2016-01-10', lastCertifiedOn: '2024-10-15', ...fields });

  it('applies to lots with a tower in service, when the registrations are loaded', () => {
    expect(itemOn('cooling_tower', apartments({ coolingTowers: [] }), '2025-06-01')).toBeUndefined();
    expect(itemOn('cooling_tower', apartments({ coolingTowers: [tower({ status: 'Removed' })] }), '2025-06-01')).toBeUndefined();
  });

  it('holds last year\'s certification until 90 days before November 1, overdue from November 2', () => {
    expect(timeline('cooling_tower', apartments({ coolingTowers: [tower()] }), ['2025-08-02', '2025-08-03', '2025-11-01', '2025-11-02'])).toEqual([
      ['2025-08-02', 'ok', '2025-11-01'],
      ['2025-08-03', 'due_soon', '2025-11-01'],
      ['2025-11-01', 'due_soon', '2025-11-01'],
      ['2025-11-02', 'overdue', '2025-11-01'],
    ]);
  });

  it('owes nothing for the years before the tower was registered', () => {
    const registeredThisYear = tower({ registeredOn: '2025-03-01', lastCertifiedOn: null });
    expect(itemOn('cooling_tower', apartments({ coolingTowers: [registeredThisYear] }), '2025-06-01')).toMatchObject({ status: 'ok', dueDate: '2025-11-01' });
    expect(itemOn('cooling_tower', apartments({ coolingTowers: [registeredThisYear] }), '2025-11-02')?.status).toBe('overdue');
  });
});
