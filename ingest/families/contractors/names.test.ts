import fs from 'node:fs';
import fc from 'fast-check';
import path from 'node:path';
import { groupCompanies, respondentCompany, type CompanyName, type Respondent } from '../../../src/domain/contractors';
import { NYC_DATA_DIR, nycDataPresent, readNycCsv } from '../../../src/nyc/testing/shared-data';
import { cachedRespondentCompany, individualBlock, nameBlock, stagedKeyOf } from './names';

const one = (name: string): Respondent => ({ firstName: null, lastName: name });

/** Spelling -> the company key it is grouped into, grouping all names at once (the evidence rules within a block, as the load asks). */
function globally(names: CompanyName[]): Map<string, string> {
  const groups = groupCompanies(names, { blockOf: nameBlock });
  return new Map(names.map((name) => [name.spelling, groups.get(name.key)!]));
}

/** The same, grouping each block on its own (what the load does): equal when no relation crosses blocks. */
function blockwise(names: CompanyName[]): Map<string, string> {
  const byBlock = new Map<string, CompanyName[]>();
  for (const name of names) {
    const block = nameBlock(name);
    if (!byBlock.has(block)) byBlock.set(block, []);
    byBlock.get(block)!.push(name);
  }
  const out = new Map<string, string>();
  for (const members of byBlock.values()) for (const [spelling, group] of globally(members)) out.set(spelling, group);
  return out;
}

const companies = (respondents: Respondent[]) => respondents.map(respondentCompany).filter((name): name is CompanyName => name !== null);

describe('grouping blocks', () => {
  it('keeps together the spellings every rule of names.ts joins', () => {
    const names = companies([
      one('PROJECT REBUILD'), one('PROJECT REBUILD, INC.'), // rule 5: formless joins its one form
      one('CENTRAL HARLEM MHALP'), one('CENTRAL HARLEM MHA LP'), // a form squeezed onto the last word
      one('ABC LLC'), one('ABCLLC'), // the same with a short core
      one('HUNTER ROBERTS CONSTRUCTI'), one('HUNTER ROBERTS CONSTRUCTION GROUP LLC'), // rule 6: cut at the field's width
      { firstName: 'AMERIMIM', lastName: 'CAB CORP.' }, one('AMERIMIM CAB CORPORATION'),
      one('THE WAVECREST MGMT TEAM LTD'), one('WAVECRESTMGMT TEAM LTD'),
    ]);
    expect(names.map((name) => [name.spelling, nameBlock(name)])).toEqual([
      ['PROJECT REBUILD', 'PROJ'], ['PROJECT REBUILD, INC.', 'PROJ'],
      ['CENTRAL HARLEM MHALP', 'CENT'], ['CENTRAL HARLEM MHA LP', 'CENT'],
      ['ABC LLC', 'ABC'], ['ABCLLC', 'ABC'],
      ['HUNTER ROBERTS CONSTRUCTI', 'HUNT'], ['HUNTER ROBERTS CONSTRUCTION GROUP LLC', 'HUNT'],
      ['AMERIMIM CAB CORP.', 'AMER'], ['AMERIMIM CAB CORPORATION', 'AMER'],
      ['THE WAVECREST MGMT TEAM LTD', 'WAVE'], ['WAVECRESTMGMT TEAM LTD', 'WAVE'],
    ]);
    const groups = globally(names);
    expect(new Set(names.map((name) => `${nameBlock(name)} ${groups.get(name.spelling)}`)).size).toBe(6);
    expect(blockwise(names)).toEqual(groups);
  });

  it("reads the city's own names long, so an agency by its acronym or NYC shares a block with its name spelled out", () => {
    const names = companies(['NYCHA', 'NYC HOUSING AUTHORITY', 'NEW YORK CITY HOUSING AUTHORITY', 'CITY OF NEW YORK DDC', 'NYC DDC', 'HPD NYC', 'DEPARTMENT OF HOUSING PRESERVATI', 'DEPT OF SANITATION'].map(one));
    expect(names.map(nameBlock)).toEqual(['NEWY', 'NEWY', 'NEWY', 'NEWY', 'NEWY', 'DEPA', 'DEPA', 'DEPA']);
    const groups = blockwise(names);
    expect(new Set(['NYCHA', 'NYC HOUSING AUTHORITY', 'NEW YORK CITY HOUSING AUTHORITY'].map((spelling) => groups.get(spelling))).size).toBe(1);
    expect(groups.get('CITY OF NEW YORK DDC')).toBe(groups.get('NYC DDC'));
    expect(groups.get('HPD NYC')).toBe(groups.get('DEPARTMENT OF HOUSING PRESERVATI'));
    expect(groups).toEqual(globally(names));
  });

  it('stages individuals under "~" and two letters of the name (no company block holds a "~")', () => {
    expect(stagedKeyOf({ firstName: 'JOHN', lastName: 'SMITH' })).toBe('~SM');
    expect(stagedKeyOf({ firstName: 'CHAHAL,VIJAY,', lastName: null })).toBe('~CH');
    expect(individualBlock({ firstName: null, lastName: null })).toBe('~');
    expect(stagedKeyOf(one('ACME CONSTRUCTION CORP'))).toBe('ACME');
  });

  it('caches the company reading by the two name fields', () => {
    const respondent = { firstName: 'AMERIMIM', lastName: 'CAB CORP.' };
    expect(cachedRespondentCompany(respondent)).toBe(cachedRespondentCompany({ ...respondent }));
    expect(cachedRespondentCompany(respondent)).toEqual(respondentCompany(respondent));
    expect(cachedRespondentCompany({ firstName: 'JOHN', lastName: 'SMITH' })).toBeNull();
  });

  it('grouping block by block equals grouping everything at once (generated spellings: forms, squeezed forms, cuts at 24-26 and 31-33, typos, abbreviations)', () => {
    const word = fc.constantFrom(
      'ACME', 'ACMES', 'KINGS', 'KING', 'PLUMBING', 'HEATING', 'NEW', 'YORK', 'CONSTRUCTION', 'CONSTR', 'MGMT', 'MANAGEMENT', 'GROUP', 'A', 'B', '&', 'THE', '14TH', 'ST', 'REALTY', 'AB',
      // The evidence rules: typos, abbreviations, the city's names.
      'GASETERIA', 'GASETRIA', 'GASETERA', 'CONSTRUCTON', 'NYC', 'CITY', 'OF', 'NYCHA', 'HOUSING', 'AUTHORITY', 'COMM', 'COMMUNITY', 'CTR', 'CENTER', 'HPD', 'DEPT', 'DEPARTMENT',
    );
    const form = fc.constantFrom('', ' INC', ' INC.', ' CORP', ' LLC', ' L.L.C.', ' CO', ' LP', 'LLC', 'INC', ' HDFC', ' LTD');
    const spelling = fc.tuple(fc.array(word, { minLength: 1, maxLength: 6 }), form, fc.constantFrom(0, 24, 25, 26, 31, 32, 33)).map(([words, tail, cut]) => {
      const whole = `${words.join(' ')}${tail}`;
      return cut > 0 && whole.length > cut ? whole.slice(0, cut).trimEnd() : whole;
    });
    fc.assert(
      fc.property(fc.array(spelling, { minLength: 1, maxLength: 40 }), (spellings) => {
        const names = companies(spellings.map(one));
        const unique = [...new Map(names.map((name) => [name.spelling, name])).values()];
        expect(blockwise(unique)).toEqual(globally(unique));
      }),
      { numRuns: 300 },
    );
  });

  const REAL_FILES = ['properties/dob_permit_issuance__1000.csv', 'oath/oath_hearings__nycdb.csv', 'owners/wow_portfolio_1006110045.json'];
  (REAL_FILES.every(nycDataPresent) ? it : it.skip)('grouping block by block equals grouping everything at once on every real spelling of the shared files', () => {
    const respondents: Respondent[] = [];
    for (const row of readNycCsv('properties/dob_permit_issuance__1000.csv')) if (row["Permittee's Business Name"]) respondents.push(one(row["Permittee's Business Name"]));
    for (const file of fs.readdirSync(path.join(NYC_DATA_DIR, 'owners')).filter((f) => /^wow_portfolio_.*\.json$/.test(f))) {
      const portfolio = JSON.parse(fs.readFileSync(path.join(NYC_DATA_DIR, 'owners', file), 'utf8')) as { addrs: Array<{ corpnames?: string[] | null }> };
      for (const address of portfolio.addrs) for (const name of address.corpnames ?? []) respondents.push(one(name));
    }
    for (const row of readNycCsv('oath/oath_hearings__nycdb.csv')) respondents.push({ firstName: row['Respondent First Name'] || null, lastName: row['Respondent Last Name'] || null });
    const names = [...new Map(companies(respondents).map((name) => [name.spelling, name])).values()];
    expect(names.length).toBeGreaterThan(500);
    expect(blockwise(names)).toEqual(globally(names));
  });
});
