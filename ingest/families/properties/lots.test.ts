import type { PlutoRow } from '../../sources/properties/pluto';
import { mergeLots } from './lots';

const lot = (fields: Partial<PlutoRow>) => ({ bbl: '5033620065', address: '243 HURLBERT STREET', ownername: null, numfloors: null, ...fields }) as PlutoRow;

describe('mergeLots', () => {
  it('merges a BBL seen again into its first row, filling only what the first left blank', () => {
    const { lots, duplicateLines } = mergeLots([
      { line: 2, row: lot({}) },
      { line: 3, row: lot({ bbl: '5033620066' }) },
      { line: 4, row: lot({ ownername: 'SOMEONE ELSE', numfloors: 3, address: '245 HURLBERT STREET' }) },
    ]);
    expect(duplicateLines).toEqual([4]);
    expect(lots.map((merged) => merged.bbl)).toEqual(['5033620065', '5033620066']);
    expect(lots[0]).toMatchObject({ ownername: 'SOMEONE ELSE', numfloors: 3, address: '243 HURLBERT STREET' });
  });
});
