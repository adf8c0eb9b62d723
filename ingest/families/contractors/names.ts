import { respondentCompany, type CompanyName, type Respondent } from '../../../src/domain/contractors';

/**
 * Company spellings during a load: the respondent -> CompanyName reading cached by its two
 * fields (respondentCompany costs microseconds per call and a company is docketed on many
 * rows), and the grouping block every spelling is staged under.
 */

const CACHE_LIMIT = 200_000;
/** By first name, then last name (null read as ''): no key string is built per call, and each field's hash is computed once per string. */
const cache = new Map<string, Map<string, { name: CompanyName | null; staged: string }>>();
let cached = 0;

/** A respondent's reading and staged key, computed once per distinct pair of name fields (the cache is cleared when it grows past 200,000 entries). */
function readingOf(respondent: Respondent): { name: CompanyName | null; staged: string } {
  const first = respondent.firstName ?? '';
  const last = respondent.lastName ?? '';
  let byLast = cache.get(first);
  const known = byLast?.get(last);
  if (known !== undefined) return known;
  if (cached >= CACHE_LIMIT) {
    cache.clear();
    cached = 0;
    byLast = undefined;
  }
  if (byLast === undefined) cache.set(first, (byLast = new Map()));
  const name = respondentCompany(respondent);
  const reading = { name, staged: name ? nameBlock(name) : individualBlock(respondent) };
  byLast.set(last, reading);
  cached += 1;
  return reading;
}

/** respondentCompany, memoized by the two name fields. */
export function cachedRespondentCompany(respondent: Respondent): CompanyName | null {
  return readingOf(respondent).name;
}

/** The legal forms names.ts reads when squeezed onto a core's last word ('CENTRAL HARLEM MHALP'), longest first where one ends another. */
const SQUEEZED_FORMS = ['PLLC', 'LLC', 'LLP', 'INC', 'CORP', 'LTD', 'HDFC', 'LP'];

/** Letters of the core a block is named by. */
export const BLOCK_LENGTH = 4;

/**
 * The grouping block of a company spelling: the first four characters of its core, a form
 * squeezed onto the core's end taken off first. Every relation by which names.ts joins two
 * spellings keeps the block: equal cores (rule 4, and a formless spelling joining its form,
 * rule 5), a form squeezed onto the last word (the core without it, rule 5), and a spelling
 * cut at the field's width (rule 6: a prefix of the other's words, 24 characters or more,
 * so the same first characters). So the spellings of one company are always staged, applied
 * and grouped together, and a block whose rows digest as last time cannot regroup. The
 * city's own names are read long first (CITY_PREFIXES). The evidence rules (typos, shared
 * addresses) join only names of one block: a typo in the first letters stays apart here.
 */
export function nameBlock(name: Pick<CompanyName, 'core'>): string {
  let core = name.core;
  for (const form of SQUEEZED_FORMS) {
    if (core.endsWith(form) && core.length - form.length >= 3) {
      core = core.slice(0, -form.length);
      break;
    }
  }
  for (const [prefix, long] of CITY_PREFIXES) {
    if (core.startsWith(prefix)) {
      core = long + core.slice(prefix.length);
      break;
    }
  }
  return core.slice(0, BLOCK_LENGTH);
}

/**
 * The city's own names as names.ts rule 7 reads them long, where they start a name: NYC and
 * CITY OF NEW YORK (NY) as NEW YORK CITY, a department's acronym (HPD, DDC, DEP, DSNY, DPR)
 * or DEPT as DEPARTMENT. So NYCHA, NYC HOUSING AUTHORITY and NEW YORK CITY HOUSING AUTHORITY,
 * or HPD NYC and DEPARTMENT OF HOUSING PRESERVATI..., share a block and rule 7 can join them.
 * A function of the core, so the relations above still keep the block.
 */
const CITY_PREFIXES: ReadonlyArray<readonly [string, string]> = [
  ['NEWYORKCITY', 'NEWYORKCITY'], ['NYC', 'NEWYORKCITY'], ['CITYOFNEWYORK', 'NEWYORKCITY'], ['CITYOFNY', 'NEWYORKCITY'],
  ['DEPARTMENT', 'DEPARTMENT'], ['DEPT', 'DEPARTMENT'], ['HPD', 'DEPARTMENT'], ['DDC', 'DEPARTMENT'], ['DSNY', 'DEPARTMENT'], ['DPR', 'DEPARTMENT'], ['DEP', 'DEPARTMENT'],
];

/** The staged key of an individual's (or an unnamed respondent's) rows: '~' and the first two letters of the last name (a company block never holds '~'). */
export function individualBlock(respondent: Respondent): string {
  const text = `${respondent.lastName ?? ''}${respondent.firstName ?? ''}`.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return `~${text.slice(0, 2)}`;
}

/** The staged key of a respondent's row: its company's block, or an individuals' block. */
export function stagedKeyOf(respondent: Respondent): string {
  return readingOf(respondent).staged;
}
