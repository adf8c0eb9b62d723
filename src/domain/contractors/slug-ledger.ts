/**
 * Which company every contractor slug answers for, after spellings are grouped again. Pure:
 * the ingest hands it the slugs already issued, the new grouping of some spellings and the
 * companies those spellings had, and writes back what it returns; the unit tests drive it with
 * random load orders.
 *
 * The promise it keeps: a slug, once issued, always answers, and it answers the company that
 * holds the spelling it was made from. So a group's company is the earliest issued of the
 * slugs whose spelling it holds; every other slug of those spellings answers for that company
 * (the groups merged); a group holding no such spelling gets a new slug (a group split off, or
 * a new company). A slug absorbed earlier answers for itself again once its spelling's group
 * holds no earlier slug's spelling (the merge was undone by a later split). Every spelling that
 * changes company, and every slug that starts answering for another company, is reported, so
 * the change feed can say so: tickets never change slug silently.
 */

/** One slug as issued: the spelling it was made from, its order of issue, and the company (slug) it answers for now. */
export interface IssuedSlug {
  spelling: string;
  /** Order of issue: the earliest issued of a group's slugs is its company. */
  seq: number;
  /** The slug of the company it answers for: itself for a company's own, the surviving company's when absorbed. */
  company: string;
}

/** Slugs by slug. */
export type SlugLedger = ReadonlyMap<string, IssuedSlug>;

/** One group of spellings as grouping formed it, and the spelling a new slug would be made from. */
export interface SpellingGroup {
  members: readonly string[];
  /** The group's primary spelling (slugs.ts primarySpelling): a new slug is made from it. */
  primary: string;
}

export interface Regrouping {
  /** The groups, most tickets first (the order in which companies are claimed and slugs issued). */
  groups: readonly SpellingGroup[];
  /** Each member spelling's company before this grouping (null: a spelling seen for the first time). */
  companyBefore: ReadonlyMap<string, string | null>;
}

/** Tickets of a spelling now answer under another company's slug. */
export interface SpellingMove {
  spelling: string;
  from: string;
  to: string;
}

/** A slug now answers for another company (`to`; the slug itself when it answers for its own company again). */
export interface SlugRedirect {
  slug: string;
  from: string;
  to: string;
}

export interface SlugSettlement {
  /** Each member spelling's company now. */
  companyOf: Map<string, string>;
  /** The slugs issued here, in order, with the spelling each was made from. */
  issued: Array<{ slug: string; spelling: string }>;
  /** Every slug whose company changed (issued ones included), as it is now. */
  written: Map<string, IssuedSlug>;
  moves: SpellingMove[];
  redirects: SlugRedirect[];
}

/**
 * Settles the slugs of a regrouping. `ledger` holds at least every slug made from a member
 * spelling and every slug answering for a company a member had; slugs outside it are
 * untouched. `issue` makes a new slug for a group that holds no issued slug's spelling (called
 * in the order of the groups; it must return a slug the ledger never held).
 *
 * A company whose slug's spelling no group holds (its spelling belongs to spellings not
 * regrouped here) keeps answering: a group holding its spellings and no slug's spelling takes
 * it, else it is absorbed into the group holding most of its spellings.
 */
export function settleSlugs(ledger: SlugLedger, regrouping: Regrouping, issue: (group: SpellingGroup) => string): SlugSettlement {
  const groupIndexOf = new Map<string, number>();
  regrouping.groups.forEach((group, index) => group.members.forEach((spelling) => groupIndexOf.set(spelling, index)));
  const bySeq = (a: string, b: string) => ledger.get(a)!.seq - ledger.get(b)!.seq || (a < b ? -1 : a > b ? 1 : 0);

  // The slugs made from each group's spellings, earliest issued first.
  const owners: string[][] = regrouping.groups.map(() => []);
  for (const [slug, { spelling }] of ledger) {
    const index = groupIndexOf.get(spelling);
    if (index !== undefined) owners[index].push(slug);
  }
  owners.forEach((slugs) => slugs.sort(bySeq));

  // Companies the members had whose own spelling no group holds.
  const homeless = new Set<string>();
  for (const company of regrouping.companyBefore.values()) {
    if (company === null) continue;
    const own = ledger.get(company);
    if (own === undefined || !groupIndexOf.has(own.spelling)) homeless.add(company);
  }

  let nextSeq = 1;
  for (const { seq } of ledger.values()) nextSeq = Math.max(nextSeq, seq + 1);
  const companyOfGroup: string[] = [];
  const issued: SlugSettlement['issued'] = [];
  const fresh = new Map<string, IssuedSlug>();
  const claimed = new Set<string>();
  regrouping.groups.forEach((group, index) => {
    if (owners[index].length > 0) {
      companyOfGroup.push(owners[index][0]);
      return;
    }
    const adoptable = [...new Set(group.members.map((spelling) => regrouping.companyBefore.get(spelling) ?? null))]
      .filter((company): company is string => company !== null && homeless.has(company) && !claimed.has(company) && ledger.has(company))
      .sort(bySeq);
    if (adoptable.length > 0) {
      claimed.add(adoptable[0]);
      companyOfGroup.push(adoptable[0]);
      return;
    }
    const slug = issue(group);
    if (ledger.has(slug) || fresh.has(slug)) throw new Error(`slug ${slug} was issued before`);
    fresh.set(slug, { spelling: group.primary, seq: nextSeq++, company: slug });
    issued.push({ slug, spelling: group.primary });
    companyOfGroup.push(slug);
  });

  // Where each slug answers now: its spelling's group's company, or for a homeless company no
  // group took, the group holding most of its spellings (the first such group on a tie).
  const target = new Map<string, string>();
  for (const [index, slugs] of owners.entries()) for (const slug of slugs) target.set(slug, companyOfGroup[index]);
  for (const company of homeless) {
    if (claimed.has(company) || !ledger.has(company)) {
      if (ledger.has(company)) target.set(company, company);
      continue;
    }
    const held = new Map<number, number>();
    for (const [spelling, before] of regrouping.companyBefore) {
      if (before === company) held.set(groupIndexOf.get(spelling)!, (held.get(groupIndexOf.get(spelling)!) ?? 0) + 1);
    }
    const [best] = [...held].sort(([a, x], [b, y]) => y - x || a - b);
    target.set(company, companyOfGroup[best[0]]);
  }
  // Slugs outside the regrouping that answered for a company which now answers elsewhere follow it.
  const written = new Map<string, IssuedSlug>(fresh);
  const redirects: SlugRedirect[] = [];
  for (const [slug, record] of ledger) {
    const answering = target.get(slug) ?? target.get(record.company) ?? record.company;
    if (answering === record.company) continue;
    written.set(slug, { ...record, company: answering });
    redirects.push({ slug, from: record.company, to: answering });
  }

  const companyOf = new Map<string, string>();
  const moves: SpellingMove[] = [];
  regrouping.groups.forEach((group, index) => {
    for (const spelling of group.members) {
      const company = companyOfGroup[index];
      companyOf.set(spelling, company);
      const before = regrouping.companyBefore.get(spelling) ?? null;
      if (before !== null && before !== company) moves.push({ spelling, from: before, to: company });
    }
  });
  return { companyOf, issued, written, moves, redirects };
}

/** The ledger with a settlement's slugs written. */
export function applySettlement(ledger: SlugLedger, settlement: SlugSettlement): Map<string, IssuedSlug> {
  const next = new Map(ledger);
  for (const [slug, record] of settlement.written) next.set(slug, record);
  return next;
}

/** The company a slug answers for, or null when it was never issued. */
export const answeringCompany = (ledger: SlugLedger, slug: string): string | null => ledger.get(slug)?.company ?? null;
