import { lot } from '../testing/lots';
import { floorAreaOver, floors, isBuildingOtherThanHouse, mayHaveBuilding, residentialUnits } from './lot';

describe('mayHaveBuilding', () => {
  it('is false only when PLUTO says the lot has no building', () => {
    expect(mayHaveBuilding(lot({ bldgclass: 'V0', numbldgs: 0 }))).toBe(false);
    expect(mayHaveBuilding(lot({ bldgclass: 'G7', numbldgs: 0 }))).toBe(false);
    expect(mayHaveBuilding(lot({ bldgclass: 'V1', numbldgs: null }))).toBe(false);
    expect(mayHaveBuilding(lot({ bldgclass: 'C0', numbldgs: 1 }))).toBe(true);
  });

  it('keeps a lot whose building count is unknown, and a counted building on a lot still classed vacant', () => {
    expect(mayHaveBuilding(lot({ bldgclass: 'C0', numbldgs: null }))).toBe(true);
    expect(mayHaveBuilding(lot({ bldgclass: null, numbldgs: null }))).toBe(true);
    expect(mayHaveBuilding(lot({ bldgclass: 'V0', numbldgs: 1 }))).toBe(true);
  });

  it('reads no units, floors or PLUTO floor area on a lot with no building', () => {
    const stale = lot({ bldgclass: 'V1', numbldgs: 0, unitsres: 12, numfloors: 8, bldgarea: 60_000 });
    expect([residentialUnits(stale), floors(stale), floorAreaOver(stale, 25_000), isBuildingOtherThanHouse(stale)]).toEqual([0, 0, false, false]);
    // The LL33 list's floor area is the city's own record of a building: it stands.
    expect(floorAreaOver({ ...stale, energyGrade: { grade: 'B', grossFloorArea: 30_000 } }, 25_000)).toBe(true);
  });
});
