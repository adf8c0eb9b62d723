import fc from 'fast-check';
import { readNycCsv, nycDataPresent } from '../../nyc/testing/shared-data';
import { groupCompanies, respondentCompany, type CompanyName } from './names';
import { applySettlement, settleSlugs, type IssuedSlug, type SlugLedger, type SpellingGroup } from './slug-ledger';
import { issueSlug, primarySpelling } from './slugs';

const NONE = new Set<string>();

/**
 * The promises, checked after one load: every slug ever issued still answers, and answers
 * the company holding the spelling it was made from (a company's own slug, one hop at most);
 * no slug was issued twice; two groups never share a company; every spelling whose company
 * changed is reported as moved, from its old company to its new one.
 */
function checkPromises(
  before: { ledger: SlugLedger; companyOf: ReadonlyMap<string, string> },
  after: { ledger: SlugLedger; companyOf: ReadonlyMap<string, string> },
  settlement: ReturnType<typeof settleSlugs>,
  groups: readonly SpellingGroup[],
) {
  for (const slug of before.ledger.keys()) expect(after.ledger.has(slug)).toBe(true);
  for (const { slug } of settlement.issued) expect(before.ledger.has(slug)).toBe(false);
  expect(new Set(settlement.issued.map(({ slug }) => slug)).size).toBe(settlement.issued.length);
  for (const [slug, { spelling, company }] of after.ledger) {
    // Directly (its own company) or via the canonical slug, which answers for itself.
    expect(after.ledger.get(company)?.company).toBe(company);
    expect(after.companyOf.get(spelling)).toBe(company);
    if (company === slug) expect(after.companyOf.get(spelling)).toBe(slug);
  }
  const companies = groups.map((group) => after.companyOf.get(group.members[0]));
  expect(new Set(companies).size).toBe(groups.length);
  for (const group of groups) for (const spelling of group.members) expect(after.companyOf.get(spelling)).toBe(companies[groups.indexOf(group)]);
  for (const [spelling, company] of after.companyOf) {
    const previous = before.companyOf.get(spelling);
    if (previous !== undefined && previous !== company) expect(settlement.moves).toContainEqual({ spelling, from: previous, to: company });
  }
  for (const move of settlement.moves) expect(before.companyOf.get(move.spelling)).toBe(move.from);
  for (const [slug, record] of after.ledger) {
    const was = before.ledger.get(slug);
    if (was && was.company !== record.company) expect(settlement.redirects).toContainEqual({ slug, from: was.company, to: record.company });
  }
}

/** Loads of the given groupings in order, each over every spelling seen so far, checking the promises after each. */
function replay(loads: Array<{ groups: SpellingGroup[] }>) {
  let ledger: SlugLedger = new Map<string, IssuedSlug>();
  let companyOf = new Map<string, string>();
  for (const { groups } of loads) {
    const companyBefore = new Map(groups.flatMap((group) => group.members.map((spelling) => [spelling, companyOf.get(spelling) ?? null] as const)));
    const issuedNow = new Set<string>();
    const settlement = settleSlugs(ledger, { groups, companyBefore }, (group) => {
      const slug = issueSlug(group.primary, { has: (slug) => ledger.has(slug) || issuedNow.has(slug) }, NONE);
      issuedNow.add(slug);
      return slug;
    });
    const next = { ledger: applySettlement(ledger, settlement), companyOf: new Map([...companyOf, ...settlement.companyOf]) };
    checkPromises({ ledger, companyOf }, next, settlement, groups);
    ({ ledger, companyOf } = next);
  }
  return { ledger, companyOf };
}

/** One company family's docket spellings: the same core under no form, two kinds of entity, cut at the field's width, a typo. */
const SPELLINGS = [
  'ZEBRA TILE', 'ZEBRA TILE LLC', 'ZEBRA TILE L.L.C.', 'ZEBRA TILE INC', 'ZEBRA TILE CORP', 'ZEBRA TILE INCORPORATED',
  'ZEBRA TILE AND MARBLE', 'ZEBRA TILE & MARBLE CORP', 'ZEBRA TILE AND MARBLE LLC', 'ZEBRA TILE & MARBLE CONTR',
  'ZEBRA TILE & MARBLE CONTRACTING LLC', 'ZEBRA TILE & MARBLE CONTRACTING INC', 'ZEBRA TILES INC',
];

/** The groups the name rule forms of these spellings, most tickets first (ties: group key), each with its primary spelling. */
function nameRuleGroups(spellings: string[], tickets: ReadonlyMap<string, number>, read: ReadonlyMap<string, CompanyName> = new Map()): SpellingGroup[] {
  const names = new Map<string, CompanyName>(spellings.map((spelling) => [spelling, read.get(spelling) ?? respondentCompany({ firstName: null, lastName: spelling })!]));
  const groupOf = groupCompanies(names.values());
  const members = new Map<string, string[]>();
  for (const [spelling, name] of names) {
    const group = groupOf.get(name.key)!;
    members.set(group, [...(members.get(group) ?? []), spelling]);
  }
  const count = (group: string[]) => group.reduce((sum, spelling) => sum + (tickets.get(spelling) ?? 0), 0);
  return [...members].sort(([a, x], [b, y]) => count(y) - count(x) || (a < b ? -1 : 1)).map(([, group]) => ({
    members: group,
    primary: primarySpelling(group.map((spelling) => ({ spelling, tickets: tickets.get(spelling) ?? 0 })))!,
  }));
}

describe('contractor slugs across regroupings', () => {
  it('ZEBRA TILE, then ZEBRA TILE LLC, then ZEBRA TILE INC: zebra-tile stays with ZEBRA TILE, the LLC gets a new slug, and the move is reported', () => {
    const tickets = new Map(SPELLINGS.map((spelling) => [spelling, 1]));
    const names = ['ZEBRA TILE', 'ZEBRA TILE LLC', 'ZEBRA TILE INC'];
    let ledger: SlugLedger = new Map();
    let companyOf = new Map<string, string>();
    const moves: unknown[] = [];
    for (let loaded = 1; loaded <= names.length; loaded += 1) {
      const groups = nameRuleGroups(names.slice(0, loaded), tickets);
      const issuedNow = new Set<string>();
      const settlement = settleSlugs(ledger, { groups, companyBefore: new Map(names.slice(0, loaded).map((s) => [s, companyOf.get(s) ?? null])) }, (group) => {
        const slug = issueSlug(group.primary, { has: (slug) => ledger.has(slug) || issuedNow.has(slug) }, NONE);
        issuedNow.add(slug);
        return slug;
      });
      ledger = applySettlement(ledger, settlement);
      companyOf = new Map([...companyOf, ...settlement.companyOf]);
      moves.push(...settlement.moves);
    }
    expect(Object.fromEntries(companyOf)).toEqual({ 'ZEBRA TILE': 'zebra-tile', 'ZEBRA TILE LLC': 'zebra-tile-llc', 'ZEBRA TILE INC': 'zebra-tile-inc' });
    expect(moves).toEqual([{ spelling: 'ZEBRA TILE LLC', from: 'zebra-tile', to: 'zebra-tile-llc' }]);
    expect(ledger.get('zebra-tile')).toMatchObject({ spelling: 'ZEBRA TILE', company: 'zebra-tile' });
  });

  it('a merge sends the later slug to the earlier one; a later split gives it back its own company', () => {
    const first = settleSlugs(new Map(), { groups: [{ members: ['A CORP'], primary: 'A CORP' }, { members: ['A CORP.'], primary: 'A CORP.' }], companyBefore: new Map([['A CORP', null], ['A CORP.', null]]) }, (group) => (group.primary === 'A CORP' ? 'a-corp' : 'a-corp-2'));
    let ledger = applySettlement(new Map(), first);
    const merged = settleSlugs(ledger, { groups: [{ members: ['A CORP.', 'A CORP'], primary: 'A CORP.' }], companyBefore: new Map([['A CORP', 'a-corp'], ['A CORP.', 'a-corp-2']]) }, () => 'never');
    expect(merged.redirects).toEqual([{ slug: 'a-corp-2', from: 'a-corp-2', to: 'a-corp' }]);
    expect(merged.moves).toEqual([{ spelling: 'A CORP.', from: 'a-corp-2', to: 'a-corp' }]);
    ledger = applySettlement(ledger, merged);
    const split = settleSlugs(ledger, { groups: [{ members: ['A CORP'], primary: 'A CORP' }, { members: ['A CORP.'], primary: 'A CORP.' }], companyBefore: new Map([['A CORP', 'a-corp'], ['A CORP.', 'a-corp']]) }, () => 'never');
    expect(split.issued).toEqual([]);
    expect(split.redirects).toEqual([{ slug: 'a-corp-2', from: 'a-corp', to: 'a-corp-2' }]);
    expect(split.moves).toEqual([{ spelling: 'A CORP.', from: 'a-corp', to: 'a-corp-2' }]);
  });

  it('a company whose slug spelling was not regrouped keeps answering: a group of its spellings takes it', () => {
    const ledger = new Map([['old-name-inc', { spelling: 'OLD NAME INC', seq: 1, company: 'old-name-inc' }]]);
    const settled = settleSlugs(ledger, { groups: [{ members: ['OLD NAME INC.'], primary: 'OLD NAME INC.' }], companyBefore: new Map([['OLD NAME INC.', 'old-name-inc']]) }, () => 'never');
    expect(Object.fromEntries(settled.companyOf)).toEqual({ 'OLD NAME INC.': 'old-name-inc' });
    expect(settled.moves).toEqual([]);
  });

  it('random load orders of one family of spellings, in batches, under the name rule: the promises hold after every load', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(SPELLINGS, { minLength: 1 }),
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: SPELLINGS.length, maxLength: SPELLINGS.length }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: SPELLINGS.length, maxLength: SPELLINGS.length }),
        (order, batchSizes, ticketCounts) => {
          const tickets = new Map(order.map((spelling, index) => [spelling, ticketCounts[index]]));
          const loads: Array<{ groups: SpellingGroup[] }> = [];
          for (let seen = 0, batch = 0; seen < order.length; batch += 1) {
            seen = Math.min(order.length, seen + batchSizes[batch]);
            loads.push({ groups: nameRuleGroups(order.slice(0, seen), tickets) });
          }
          replay(loads);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('any sequence of groupings (arbitrary merges and splits of a growing set of spellings): the promises hold after every load', () => {
    const spellings = ['ACME INC', 'ACME CORP', 'ACME', 'ACME LLC', 'ACME 2 INC', 'BOLT LLC', 'BOLT'];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: spellings.length }), fc.array(fc.integer({ min: 0, max: 3 }), { minLength: spellings.length, maxLength: spellings.length })), { minLength: 1, maxLength: 8 }),
        (steps) => {
          let seen = 0;
          const loads = steps.map(([grow, parts]) => {
            seen = Math.max(seen, grow);
            const groups = new Map<number, string[]>();
            spellings.slice(0, seen).forEach((spelling, index) => groups.set(parts[index], [...(groups.get(parts[index]) ?? []), spelling]));
            return { groups: [...groups.values()].map((members) => ({ members, primary: members[members.length - 1] })) };
          });
          replay(loads);
        },
      ),
      { numRuns: 250 },
    );
  });

  const REAL_OATH = 'oath/oath_hearings__nycdb.csv';
  (nycDataPresent(REAL_OATH) ? it : it.skip)('random load orders of the real sample\'s related spellings (same first two letters of the core): the promises hold after every load', () => {
    const read = new Map<string, CompanyName>();
    for (const row of readNycCsv(REAL_OATH)) {
      const name = respondentCompany({ firstName: row['Respondent First Name'] || null, lastName: row['Respondent Last Name'] || null });
      if (name) read.set(name.spelling, name);
    }
    const related = new Map<string, string[]>();
    for (const [spelling, name] of read) related.set(name.core.slice(0, 2), [...(related.get(name.core.slice(0, 2)) ?? []), spelling]);
    const families = [...related.values()].filter((spellings) => spellings.length >= 2 && spellings.length <= 12);
    expect(families.length).toBeGreaterThan(0);
    fc.assert(
      fc.property(
        fc.constantFrom(...families).chain((family) => fc.tuple(fc.shuffledSubarray(family, { minLength: 1 }), fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 12, maxLength: 12 }))),
        ([order, batchSizes]) => {
          const tickets = new Map(order.map((spelling, index) => [spelling, 1 + (index % 3)]));
          const loads: Array<{ groups: SpellingGroup[] }> = [];
          for (let seen = 0, batch = 0; seen < order.length; batch += 1) {
            seen = Math.min(order.length, seen + batchSizes[batch]);
            loads.push({ groups: nameRuleGroups(order.slice(0, seen), tickets, read) });
          }
          replay(loads);
        },
      ),
      { numRuns: 300 },
    );
  });
});
