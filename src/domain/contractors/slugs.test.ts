import fc from 'fast-check';
import { issueSlug, pathWords, primarySpelling, SLUG_MAX_LENGTH, slugBase } from './slugs';

const NONE = new Set<string>();

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
    expect(issueSlug('ACME BUILDERS INC', issued, NONE)).toBe('acme-builders-inc-3');
    expect(issueSlug('ACME BUILDERS INC.', new Set<string>(), NONE)).toBe('acme-builders-inc');
    expect(issueSlug('ACME BUILDERS INC', new Set(['acme-builders-inc']), NONE)).toBe('acme-builders-inc-2');
  });

  it('never issues a word of the paths: a company docketed as SEARCH or BATCH gets -2', () => {
    const reserved = pathWords(['/api/v1/contractors', '/api/v1/contractors/search', '/api/v1/contractors/batch', '/api/v1/contractors/{slug}', '/api/v1/contractors/{slug}/tickets', '/api/v1/properties/search'], '/api/v1/contractors/');
    expect([...reserved].sort()).toEqual(['batch', 'search', 'tickets']);
    expect(issueSlug('SEARCH', NONE, reserved)).toBe('search-2');
    expect(issueSlug('Batch.', NONE, reserved)).toBe('batch-2');
    expect(issueSlug('SEARCH', new Set(['search-2']), reserved)).toBe('search-3');
    expect(issueSlug('SEARCH PARTY INC', NONE, reserved)).toBe('search-party-inc');
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
          const slug = issueSlug(spelling, issued, NONE);
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
