import fc from 'fast-check';
import { issueSlug, primarySpelling, SLUG_MAX_LENGTH, slugBase } from './slugs';

describe('contractor slugs', () => {
  it.each([
    ['PROJECT REBUILD, INC.', 'project-rebuild-inc'],
    ['A.S.A.R. INTERNATIONAL CO', 'asar-international-co'],
    ['342 58 STREET RE L.L.C.', '342-58-street-re-llc'],
    ['342 58 STREET RE L L C', '342-58-street-re-l-l-c'],
    ["ADAM'S EUROPEAN CONTRACTI", 'adams-european-contracti'],
    ['A&H EXPRESS PLBG&HTG CORP', 'a-and-h-express-plbg-and-htg-corp'],
    ['KCC D+B, LLC', 'kcc-d-and-b-llc'],
    ['CROSSFIELD PLBG.&HTG.CORP', 'crossfield-plbg-and-htg-corp'],
    ['U.S. CONSTRUCTION INC', 'us-construction-inc'],
    ['  CAFÉ  MÉXICO  ', 'cafe-mexico'],
    ['STRUCTURAL PRESERVATION *', 'structural-preservation'],
    ['***', 'company'],
  ])('%s -> %s', (spelling, slug) => expect(slugBase(spelling)).toBe(slug));

  it('cuts a long spelling at a hyphen within the maximum', () => {
    const slug = slugBase('NEIGHBORHOOD RESTORE HOUSING DEVELOPMENT FUND CORPORATION OF THE CITY OF NEW YORK BOROUGH OF BROOKLYN');
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug).toBe('neighborhood-restore-housing-development-fund-corporation-of-the-city-of-new');
  });

  it('adds -2, -3, ... when the slug was already issued (retired ones included)', () => {
    const issued = new Set(['acme-builders-inc', 'acme-builders-inc-2']);
    expect(issueSlug('ACME BUILDERS INC', issued)).toBe('acme-builders-inc-3');
    expect(issueSlug('ACME BUILDERS INC.', new Set<string>())).toBe('acme-builders-inc');
    expect(issueSlug('ACME BUILDERS INC', new Set(['acme-builders-inc']))).toBe('acme-builders-inc-2');
  });

  it('the primary spelling is the one on most tickets; ties go to the longer, then code-point order', () => {
    expect(primarySpelling([{ spelling: 'PROJECT REBUILD INC', tickets: 4 }, { spelling: 'PROJECT REBUILD, INC.', tickets: 88 }])).toBe('PROJECT REBUILD, INC.');
    expect(primarySpelling([{ spelling: 'HUNTER ROBERTS CONSTRUCTI', tickets: 2 }, { spelling: 'HUNTER ROBERTS CONSTRUCTION GROUP LLC', tickets: 2 }])).toBe('HUNTER ROBERTS CONSTRUCTION GROUP LLC');
    expect(primarySpelling([{ spelling: 'MARIN MGMT CORP', tickets: 3 }, { spelling: 'MARIN MGMT CORP.', tickets: 3 }, { spelling: 'MARIN MGMT. CORP', tickets: 3 }])).toBe('MARIN MGMT CORP.');
    expect(primarySpelling([])).toBeNull();
  });

  it('issued slugs are kebab, distinct from every slug already issued, and the order of spellings does not change the primary one', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 40 }), { maxLength: 30 }), (spellings) => {
        const issued = new Set<string>();
        for (const spelling of spellings) {
          const slug = issueSlug(spelling, issued);
          expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
          expect(issued.has(slug)).toBe(false);
          issued.add(slug);
        }
        const counted = spellings.map((spelling, i) => ({ spelling, tickets: i % 3 }));
        expect(primarySpelling([...counted].reverse())).toBe(primarySpelling(counted));
      }),
      { numRuns: 200 },
    );
  });
});
