import { UnionFind } from '../union-find';
import type { Respondent } from './types';
import { foldLetters } from '../../nyc/letters';
import { distance } from 'fastest-levenshtein';

/**
 * Respondents as companies: which OATH respondents are companies, and which of their
 * spellings are one company. The text of COMPANY_NAME_RULE is served in the OpenAPI
 * document; keep it and the code in step.
 *
 * 1. A respondent's name is its first-name and last-name fields joined with a space: OATH
 *    writes a company whole in the last-name field, or splits a distinctive head into the
 *    first-name field and the legal tail into the other ('AMERIMIM' + 'CAB CORP.'), so the
 *    last-name field alone would merge different companies.
 * 2. It is a company when the name holds a legal form (INC, CORP, LLC, LTD, LP, LLP, PC,
 *    PLLC, HDFC, CO, in any of their spellings), a trade or business word (TAXI, CAB,
 *    CONSTRUCTION, MANAGEMENT, REALTY, RESTAURANT, ...; BUSINESS_WORDS) or a digit; or, with
 *    no such mark, when one field is blank and the other holds two or more words with no
 *    comma, or one word of 16 letters or more (a company written whole in one field, spaces
 *    squeezed out or not). Anything else is an individual (first +
 *    last name, or 'LAST,FIRST,' in one field) and is no company: its key is null.
 * 3. Spelling: upper case with accents folded (src/nyc/letters.ts: CAFÉ = CAFE); a 'C/O ...' (care of) tail dropped; apostrophes dropped; '&' and
 *    '+' read AND; every other punctuation mark separates words; a run of one-letter words
 *    is one word ('L L C', 'L.L.C.', 'U.S.'); a leading or trailing THE dropped; each word
 *    in one canonical spelling: INC/INCORPORATED, CORP/CORPORATION, CO/COMPANY, LTD/LIMITED,
 *    LLC, HDFC/HOUSING DEVELOPMENT FUND CORP(ORATION), and the abbreviations the city's
 *    dockets use (MGMT/MGT/MNGT MANAGEMENT, ASSOC ASSOCIATES, PLBG PLUMBING, HTG HEATING,
 *    CONSTR/CONST CONSTRUCTION, DEV/DEVEL DEVELOPMENT, SVC SERVICE, BLDG BUILDING, APT(S)
 *    APARTMENTS, ST STREET, AVE AVENUE, ordinals 14TH = 14, ...), business words in the
 *    plural as the singular (SERVICES = SERVICE; not other words: ROBERTS is no ROBERT).
 *    Spaces are then ignored: 'WAVECRESTMGMT' is 'WAVECREST MGMT' (MGMT squeezed onto a
 *    word is read as MANAGEMENT).
 * 4. The legal tail is the run of legal forms at the end; the rest is the core. Its form is
 *    the kind of entity the tail names: corporation (INC, CORP, LTD), LLC, LP, LLP, PC, PLLC
 *    or HDFC; CO alone names none (the city writes and omits it: 'ALGIN MANAGEMENT CO LLC',
 *    'ALGIN MANAGEMENT LLC'); an HDFC is a corporation ('HDFC INC' = 'HDFC'). Two spellings are one company when their cores and forms are
 *    equal ('CAB CORP.' = 'CAB CORPORATION', 'INC' = 'CORP': New York tells corporation
 *    names apart by more than their designator).
 * 5. A spelling with no form joins the company of the same core when exactly one form is
 *    docketed for that core ('PROJECT REBUILD' joins 'PROJECT REBUILD, INC.'); with two
 *    ('NEPTUNE MECHANICAL INC', 'NEPTUNE MECHANICAL LLC') it stays apart, and so do those two.
 *    A form squeezed onto the last word ('CENTRAL HARLEM MHALP') counts as that form.
 * 6. Truncation: a spelling 24 to 26 or 31 to 33 characters long in the field that ends it
 *    (the dockets cut names at 25, the permit and owner files at 32) may be cut. It joins the
 *    one company of which one of its spellings starts with it, all spaces ignored, its last
 *    word read as written or as a known abbreviation, its words read as written or as rule 7
 *    reads them long ('HUNTER ROBERTS CONSTRUCTI' joins 'HUNTER ROBERTS CONSTRUCTION GROUP
 *    LLC'); when it starts two companies' spellings it joins neither.
 * Rules 7-9 join on evidence beyond spelling; each such join is recorded (GroupingReason:
 * the rule, the evidence, a spelling of each side, the words that differ, the width of a cut,
 * the address) and the profile serves a company's as groupedBecause. Rules 4-5 are spelling
 * and record nothing; rule 6 records a truncation.
 * 7. Known abbreviations and acronyms: names equal once COMM, CTR, HLTH, HSG, CONDO, DEPT, ...
 *    (EXPANSIONS) are read long, NYC as NEW YORK CITY, NY as NEW YORK, CITY OF NEW YORK as
 *    NEW YORK CITY, a city agency's acronym as its name (NYCHA, NYCSCA, SCA, DDC, DEP, HPD,
 *    DSNY, DPR, NYCEDC, HHC, MTA), and an HDFC squeezed onto the last word split off
 *    ('INWOODHOUSINGDEVELOPMENTFUNDCORP' = 'INWOOD HDFC'), are one company; a name with no
 *    form joins the one form docketed for that long reading. From the names alone.
 * 8. Typo: names whose words (read as in rule 7) are equal but one, that one one typo apart
 *    in a word of six letters or more (the other of five or more): one letter added, dropped
 *    or changed, or two neighbours swapped; a final S is a plural, not a typo. Their forms
 *    must agree (equal, or one has none). From the names alone, when no third spelling
 *    competes: a group linked to two groups not linked to each other is contested; a link
 *    joins its two groups unless the one of fewer spellings (either, when equal) is contested
 *    (a slip near two companies joins neither; a company takes each slip of its name; names
 *    all one slip from each other are one). Digits, words under six letters, ordinals and legal forms
 *    never differ by a typo ('BSDC NRP I LP' and 'II LP', '2722 FULTON' and '2922 FULTON',
 *    'MA ENGINEERING' and 'MG ENGINEERING' stay apart).
 * 9. Shared address: two names that share a respondent address (house number, street, ZIP:
 *    respondentAddressKey) join when one is a typo of the other (a plural S too), spells
 *    long words of it short ('SCFFLDNG' SCAFFOLDING: the first letter, then letters in
 *    order, of a word of six letters or more), is its acronym ('BSDC' BEDFORD STUYVESANT
 *    DEVELOPMENT CORP; OF, AND, THE, FOR counted or not), or is it cut at any field width
 *    from 24 to 40 characters. Contested as in rule 8. An address
 *    shared by more than 200 names is an office of many companies and no evidence.
 * Rules 7-9 are decided on the groups rules 4-6 made and applied at once, so the grouping is
 * independent of the order of the names.
 * Words are never dropped or guessed otherwise: spellings that differ by a word, a number or
 * a letter ('WEBSTER BUILDING A LLC', 'WEBSTER BUILDING B LLC') are different companies.
 */
export const COMPANY_NAME_RULE = `Respondents are grouped into companies by a documented spelling rule, then on evidence. (1) The name is the respondent's first-name and last-name fields joined: OATH writes a company whole in the last-name field or splits its distinctive head (first name) from its legal tail (last name, e.g. CAB CORP.). (2) It is a company when it holds a legal form (INC, CORP, LLC, LTD, LP, LLP, PC, PLLC, HDFC, CO), a trade or business word (TAXI, CAB, CONSTRUCTION, MANAGEMENT, REALTY, RESTAURANT, ...), a city agency's acronym (NYCHA, SCA, ...) or a digit, or when one field is blank and the other holds several words and no comma (or one word of 16 letters or more, its spaces squeezed out); any other respondent is an individual and belongs to no company. (3) Spellings are compared in upper case with accents folded (CAFÉ = CAFE, Ñ = N, Ø = O), without a care-of (C/O) tail, apostrophes or a leading THE, with & and AND alike, punctuation and spacing ignored (L.L.C. = LLC, WAVECRESTMGMT = WAVECREST MGMT), and each word in one canonical spelling (INC = INCORPORATED, CORP = CORPORATION, CO = COMPANY, LTD = LIMITED, HDFC = HOUSING DEVELOPMENT FUND CORP, MGMT = MANAGEMENT, ASSOC = ASSOCIATES, PLBG = PLUMBING, CONSTR = CONSTRUCTION, ST = STREET, 14TH = 14, ...; business words in the plural as the singular, SERVICES = SERVICE). (4) Two spellings are one company when they are equal apart from the legal tail and their tails name the same kind of entity (corporation: INC, CORP, LTD; or LLC, LP, LLP, PC, PLLC, HDFC; CO alone names none; HDFC INC = HDFC). (5) A spelling with no legal form joins the company of the same name when exactly one kind of entity is docketed under that name. (6) A spelling 24 to 26 or 31 to 33 characters long may have been cut at the field's width (the dockets cut at 25, the permit and owner files at 32): it joins the one company whose spelling starts with it (its last word possibly cut), and no company when it starts the spellings of two. (7) Known abbreviation and acronym: names equal once abbreviations are read long (COMM = COMMUNITY, CTR = CENTER, HLTH = HEALTH, CONDO = CONDOMINIUM, DEPT = DEPARTMENT, NYC = NEW YORK CITY = CITY OF NEW YORK, an HDFC squeezed onto the name) and city agencies' acronyms as their names (NYCHA = NEW YORK CITY HOUSING AUTHORITY, SCA, DDC, DEP, HPD, DSNY, DPR, NYCEDC, HHC, MTA) are one company. (8) Typo: names equal but for one letter added, dropped or changed (or two neighbours swapped) in one word of six letters or more (GASETERIA = GASETRIA) are one company from the names alone, when their legal forms agree and the one with fewer spellings is not that near to two companies that are not near each other (near two companies, it joins neither; names all that near each other are one); digits, words under six letters, ordinals, legal forms and a final plural S never count as a typo (BSDC NRP I LP, BSDC NRP II LP; 2722 FULTON, 2922 FULTON; MA ENGINEERING, MG ENGINEERING stay apart). (9) Shared respondent address: two names docketed at one respondent address (house number, street, ZIP) are one company when one is a typo of the other, spells words of six letters or more of it short (SCFFLDNG = SCAFFOLDING), is its acronym (BSDC = BEDFORD STUYVESANT DEVELOPMENT CORP), or is it cut at any width from 24 to 40 characters, again unless near two companies; an address shared by more than 200 names is no evidence. Rules 7 to 9 are decided on the groups the spelling rule made and applied together, so the grouping does not depend on the order names arrive in. Every join by rules 6 to 9 is listed in the company's groupedBecause (the rule, whether the names alone or a shared address showed it, a spelling of each side, the words that differ, the width of a cut, the address); joins by spelling alone (rules 3 to 5) are not. Spellings that differ by any other word, number or letter are different companies.`;

/** The canonical spelling of each legal-form word, and the kind of entity it names (null: CO names none). */
const LEGAL_FORMS: Readonly<Record<string, { canonical: string; entity: string | null }>> = {
  INC: { canonical: 'INCORPORATED', entity: 'CORPORATION' },
  INCORPORATED: { canonical: 'INCORPORATED', entity: 'CORPORATION' },
  INCORP: { canonical: 'INCORPORATED', entity: 'CORPORATION' },
  CORP: { canonical: 'CORPORATION', entity: 'CORPORATION' },
  CORPORATION: { canonical: 'CORPORATION', entity: 'CORPORATION' },
  LTD: { canonical: 'LIMITED', entity: 'CORPORATION' },
  LIMITED: { canonical: 'LIMITED', entity: 'CORPORATION' },
  CO: { canonical: 'COMPANY', entity: null },
  COMPANY: { canonical: 'COMPANY', entity: null },
  LLC: { canonical: 'LLC', entity: 'LLC' },
  LP: { canonical: 'LP', entity: 'LP' },
  LLP: { canonical: 'LLP', entity: 'LLP' },
  PC: { canonical: 'PC', entity: 'PC' },
  PLLC: { canonical: 'PLLC', entity: 'PLLC' },
  HDFC: { canonical: 'HDFC', entity: 'HDFC' },
};

/** Every spelling of a legal form read as one (INC, INCORPORATED, CO, COMPANY, L.L.C. = LLC, ...). */
export const LEGAL_FORM_WORDS: readonly string[] = Object.keys(LEGAL_FORMS);

/** A form written without its space onto the last word ('MHALP'): the forms looked for there. */
const SQUEEZED_FORMS = ['PLLC', 'LLC', 'LLP', 'INC', 'CORP', 'LTD', 'HDFC', 'LP'];

/** The abbreviations the city's dockets use, in one canonical (long) spelling. */
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  MGMT: 'MANAGEMENT', MGT: 'MANAGEMENT', MNGT: 'MANAGEMENT', MNGMT: 'MANAGEMENT', MGMNT: 'MANAGEMENT',
  ASSOC: 'ASSOCIATES', ASSOCS: 'ASSOCIATES', ASSO: 'ASSOCIATES',
  PLBG: 'PLUMBING', PLMBG: 'PLUMBING', PLG: 'PLUMBING', PLMG: 'PLUMBING', PLBNG: 'PLUMBING',
  HTG: 'HEATING', HTNG: 'HEATING',
  CONSTR: 'CONSTRUCTION', CONST: 'CONSTRUCTION', CNSTN: 'CONSTRUCTION', CNSTR: 'CONSTRUCTION',
  DEV: 'DEVELOPMENT', DEVP: 'DEVELOPMENT', DEVEL: 'DEVELOPMENT', DEVELOP: 'DEVELOPMENT',
  SVC: 'SERVICE', SVCS: 'SERVICES', SERV: 'SERVICE',
  BLDG: 'BUILDING', BLDGS: 'BUILDINGS', BLDRS: 'BUILDERS',
  MECH: 'MECHANICAL', SPRKLR: 'SPRINKLER', SPKLR: 'SPRINKLER', SPKL: 'SPRINKLER',
  BROS: 'BROTHERS', INTL: 'INTERNATIONAL', NATL: 'NATIONAL', ENTPR: 'ENTERPRISES', ENTS: 'ENTERPRISES',
  APT: 'APARTMENTS', APTS: 'APARTMENTS',
  ST: 'STREET', STR: 'STREET', AVE: 'AVENUE', AV: 'AVENUE', RD: 'ROAD', PL: 'PLACE', BLVD: 'BOULEVARD', TERR: 'TERRACE', PKWY: 'PARKWAY',
  E: 'EAST', W: 'WEST', N: 'NORTH', S: 'SOUTH',
};

/**
 * Words only a business carries (with the legal forms and digits, the marks of a company).
 * Trades of the construction and property dockets, the taxi fleets of the old OATH rows,
 * food service (restaurants' summonses) and property owners.
 */
export const BUSINESS_WORDS: ReadonlySet<string> = new Set([
  'TAXI', 'CAB', 'CABS', 'HACKING', 'LIMO', 'LIMOUSINE', 'CAR', 'CARS', 'TRANS', 'TRANSPORTATION', 'TRANSIT', 'TRANSPORT', 'DISP', 'DISPATCH',
  'AUTO', 'MOTORS', 'GARAGE', 'PARKING', 'TRUCKING', 'MOVING', 'CARTING', 'WASTE', 'RECYCLING', 'SANITATION', 'EXPRESS', 'DELIVERY', 'LOGISTICS',
  'SERVICE', 'SERVICES', 'MANAGEMENT', 'ASSOCIATES', 'ASSOCIATION', 'REALTY', 'PROPERTIES', 'PROPERTY', 'HOLDINGS', 'HOLDING', 'GROUP', 'ENTERPRISES',
  'ENTERPRISE', 'PARTNERS', 'PARTNERSHIP', 'VENTURES', 'INVESTORS', 'INVESTMENTS', 'EQUITIES', 'CAPITAL', 'FUND', 'TRUST', 'BANK', 'OWNERS', 'OWNER',
  'TENANTS', 'APARTMENTS', 'HOUSING', 'HOUSES', 'HOMES', 'CONDOMINIUM', 'CONDO', 'COOP', 'GARDENS', 'TOWERS', 'PLAZA', 'VILLAGE', 'RESIDENCES',
  'CONSTRUCTION', 'CONTRACTING', 'CONTRACTORS', 'CONTRACTOR', 'BUILDERS', 'BUILDING', 'DEVELOPMENT', 'DEVELOPERS', 'RESTORATION', 'RENOVATION',
  'RENOVATIONS', 'REMODELING', 'REMODELERS', 'PLUMBING', 'HEATING', 'ELECTRIC', 'ELECTRICAL', 'MECHANICAL', 'ROOFING', 'SCAFFOLDING', 'SCAFFOLD',
  'DEMOLITION', 'EXCAVATION', 'WATERPROOFING', 'SPRINKLER', 'SPRINKLERS', 'IRON', 'WORKS', 'STEEL', 'CONCRETE', 'MASONRY', 'PAVING', 'PAINTING',
  'INTERIORS', 'DESIGN', 'ARCHITECTS', 'ENGINEERING', 'ENGINEERS', 'CONSULTING', 'CONSULTANTS', 'SOLAR', 'ENERGY', 'POWER', 'OIL', 'FUEL', 'GAS',
  'ELEVATOR', 'ELEVATORS', 'BOILER', 'WINDOWS', 'WINDOW', 'GLASS', 'SIGN', 'SIGNS', 'TECH', 'TECHNOLOGIES', 'SYSTEMS', 'SOLUTIONS', 'INDUSTRIES',
  'INTERNATIONAL', 'NATIONAL', 'EQUIPMENT', 'SUPPLY', 'SUPPLIES', 'MAINTENANCE', 'CLEANING', 'CLEANERS', 'LAUNDROMAT', 'LAUNDRY', 'JANITORIAL',
  'RESTAURANT', 'DELI', 'PIZZA', 'PIZZERIA', 'CAFE', 'COFFEE', 'GRILL', 'BAKERY', 'BAGELS', 'KITCHEN', 'DINER', 'BAR', 'LOUNGE', 'TAVERN', 'PUB',
  'FOOD', 'FOODS', 'MARKET', 'SUPERMARKET', 'GROCERY', 'FOODMART', 'CANDY', 'LIQUOR', 'WINE', 'WINES', 'SUSHI', 'BURGER', 'CHICKEN', 'TACO',
  'HOTEL', 'MOTEL', 'STORE', 'STORES', 'SHOP', 'BOUTIQUE', 'SALON', 'SPA', 'PHARMACY', 'DRUGS', 'CLINIC', 'MEDICAL', 'HOSPITAL', 'CENTER', 'CENTRE',
  'SCHOOL', 'ACADEMY', 'UNIVERSITY', 'COLLEGE', 'CHURCH', 'COMMUNITY', 'COUNCIL', 'PRESERVATION', 'AUTHORITY', 'DEPARTMENT', 'DEPT', 'AGENCY',
  'NYC', 'USA', 'AMERICA', 'AMERICAN', 'TEAM', 'UNLIMITED',
]);

/**
 * Business words in the plural read as the singular (SERVICES = SERVICE, PROPERTIES =
 * PROPERTY). Only these: a plural-looking surname ('ROBERTS', 'WILLIAMS') is a different word.
 */
const SINGULAR: ReadonlyMap<string, string> = new Map(
  [...BUSINESS_WORDS, 'ASSOCIATES', 'BROTHERS', 'SONS', 'BUILDINGS']
    .filter((word) => word.endsWith('S') && !word.endsWith('SS') && word.length > 4)
    .map((word) => [word, word.endsWith('IES') ? `${word.slice(0, -3)}Y` : word.slice(0, -1)] as [string, string])
);

/** One spelling of a company, ready for grouping. */
export interface CompanyName {
  /** The name as docketed: the two fields joined, runs of spaces made one. */
  spelling: string;
  /** Equal keys are the same company: the core and the kind of entity, `core|entity`. */
  key: string;
  /** The canonical words before the legal tail, without spaces. */
  core: string;
  /** The kind of entity the legal tail names ('CORPORATION', 'LLC', ...), '' when none. */
  entity: string;
  /** Every canonical word, legal tail included, without spaces: what a cut spelling is a prefix of. */
  full: string;
  /** Cut-spelling candidates (empty unless the spelling may have been cut at the field's width). */
  truncatedPrefixes: string[];
}

/**
 * The widths the city's exports are seen to cut a name at (25 in the dockets, 32 in the
 * permit and owner files), give or take the trailing space and one squeezed out: a field
 * this long may be cut, read from the name alone (rule 6).
 */
export const KNOWN_CUT_WIDTHS: readonly number[] = [24, 25, 26, 31, 32, 33];
/** A spelling 24 to 40 characters long may have been cut at some field width: read so only with a shared address. */
export const TRUNCATION_MIN_LENGTH = 24;
export const TRUNCATION_MAX_LENGTH = 40;

const isCutWidth = (length: number) => KNOWN_CUT_WIDTHS.includes(length);

const ORDINAL = /^(\d+)(ST|ND|RD|TH)$/;

/**
 * Upper case with accents folded (CAFÉ = CAFE, src/nyc/letters.ts, the folding search uses),
 * C/O tail off, apostrophes dropped, & and + as AND, other punctuation as spaces.
 */
function words(text: string, keepCareOf = false): string[] {
  const upper = foldLetters(text).toUpperCase();
  const cleaned = (keepCareOf ? upper : upper.replace(/\bC\s*\/\s*O\b.*$/, ' '))
    .replace(/['\u2018\u2019`]/g, '')
    .replace(/[&+]/g, ' AND ')
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
  if (cleaned === '') return [];
  // A run of one-letter words is one word: 'L L C', 'U S', 'H D F C'.
  const merged: string[] = [];
  let run = '';
  for (const word of cleaned.split(' ')) {
    if (word.length === 1 && /[A-Z]/.test(word)) {
      run += word;
      continue;
    }
    if (run) merged.push(run);
    run = '';
    merged.push(word);
  }
  if (run) merged.push(run);
  return merged;
}

/** MANAGEMENT squeezed onto the word before it ('WAVECRESTMGMT'). */
const SQUEEZED_MANAGEMENT = /^([A-Z]{4,})(MGMT|MNGT|MGMNT)$/;

function canonicalWord(word: string): string {
  const ordinal = ORDINAL.exec(word);
  if (ordinal) return ordinal[1];
  const squeezed = SQUEEZED_MANAGEMENT.exec(word);
  if (squeezed) return `${squeezed[1]}MANAGEMENT`;
  const canonical = LEGAL_FORMS[word]?.canonical ?? ABBREVIATIONS[word] ?? word;
  return SINGULAR.get(canonical) ?? canonical;
}

/** HOUSING DEVELOPMENT FUND CORP(ORATION) / CO -> HDFC, on canonical words. */
function foldHdfc(canonical: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < canonical.length; i += 1) {
    if (canonical[i] === 'HOUSING' && canonical[i + 1] === 'DEVELOPMENT' && canonical[i + 2] === 'FUND' && ['CORPORATION', 'COMPANY'].includes(canonical[i + 3] ?? '')) {
      out.push('HDFC');
      i += 3;
      continue;
    }
    out.push(canonical[i]);
  }
  return out;
}

const LEGAL_CANONICAL = new Map(Object.values(LEGAL_FORMS).map((form) => [form.canonical, form.entity]));

/** A legal form or an abbreviation squeezed onto a longer word ('WAVECRESTMGMT', 'MHALP' is too short to tell). */
const SQUEEZED_MARK = /^[A-Z0-9]{3,}(LLC|INC|CORP|HDFC|MGMT)$/;

function hasCompanyMark(rawWords: string[]): boolean {
  return rawWords.some(
    (word) => /\d/.test(word) || AGENCY_ACRONYMS.has(word) || LEGAL_FORMS[word] !== undefined || BUSINESS_WORDS.has(word) || BUSINESS_WORDS.has(ABBREVIATIONS[word] ?? '') || SQUEEZED_MARK.test(word),
  );
}

/** The text of a name spelled for comparison, or null when nothing is left of it. */
/** The canonical words of a spelling (rule 3), a leading or trailing THE dropped, and where its legal tail starts. */
function canonicalWordsOf(spelling: string): { raw: string[]; canonical: string[]; tailStart: number } {
  const raw = words(spelling);
  let canonical = foldHdfc(raw.map(canonicalWord));
  if (canonical[0] === 'THE') canonical = canonical.slice(1);
  if (canonical[canonical.length - 1] === 'THE') canonical = canonical.slice(0, -1);
  let tailStart = canonical.length;
  while (tailStart > 0 && LEGAL_CANONICAL.has(canonical[tailStart - 1])) tailStart -= 1;
  return { raw, canonical, tailStart };
}

export function companyNameOf(spelling: string, lastField: string): CompanyName | null {
  const { raw, canonical, tailStart } = canonicalWordsOf(spelling);
  const coreWords = canonical.slice(0, tailStart);
  if (coreWords.length === 0) return null;
  let entities = [...new Set(canonical.slice(tailStart).map((word) => LEGAL_CANONICAL.get(word)).filter((entity): entity is string => !!entity))].sort();
  // An HDFC is a corporation: 'HDFC INC' names the same kind of entity as 'HDFC'.
  if (entities.includes('HDFC')) entities = entities.filter((entity) => entity !== 'CORPORATION');
  const core = coreWords.join('');
  const entity = entities.join('+');
  const full = canonical.join('');

  const truncatedPrefixes: string[] = [];
  const cutLength = lastField.replace(/\s+/g, ' ').trim().length;
  if (isCutWidth(cutLength) && raw.length > 0) {
    // The last word may be cut: compare it as written, and as the canonical word when it is one.
    const lastRaw = raw[raw.length - 1];
    const head = foldHdfc(raw.slice(0, -1).map(canonicalWord));
    if (head[0] === 'THE') head.shift();
    const headText = head.join('');
    for (const last of new Set([lastRaw, canonicalWord(lastRaw)])) truncatedPrefixes.push(headText + last);
  }
  return { spelling: spelling.replace(/\s+/g, ' ').trim(), key: `${core}|${entity}`, core, entity, full, truncatedPrefixes: [...new Set(truncatedPrefixes)] };
}

/** A single word this long is a name with its spaces squeezed out, not a person's name. */
const LONG_WORD = 16;

/** The respondent as a company spelling, or null for an individual (or a blank name). */
export function respondentCompany(respondent: Respondent): CompanyName | null {
  const first = (respondent.firstName ?? '').replace(/\s+/g, ' ').trim();
  const last = (respondent.lastName ?? '').replace(/\s+/g, ' ').trim();
  const spelling = [first, last].filter((part) => part !== '').join(' ');
  if (spelling === '') return null;
  // A care-of tail is no part of the name, but its marks still say "a business" ('RISEBORO C/O NR HDFC').
  if (!hasCompanyMark(words(spelling, true))) {
    // Written whole in one field: several words, or one too long for a name (spaces squeezed out).
    const whole = first === '' || last === '' ? first || last : null;
    if (whole === null || whole.includes(',')) return null;
    const wholeWords = words(whole);
    if (wholeWords.length < 2 && (wholeWords[0]?.length ?? 0) < LONG_WORD) return null;
  }
  return companyNameOf(spelling, last || first);
}

/** The respondent's company key (equal keys: one company before truncation and form joins), or null for an individual. */
export function companyKey(respondent: Respondent): string | null {
  return respondentCompany(respondent)?.key ?? null;
}

/** First index of `sorted` whose value is >= `value`. */
function lowerBound(sorted: string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Why two spellings were grouped into one company beyond equal spelling (rules 6-9 of the module comment). */
export interface GroupingReason {
  /** truncation: one is the other cut at a field width; typo: one letter apart in a long word; abbreviation, acronym: one spells a word or words of the other short. */
  rule: 'truncation' | 'typo' | 'abbreviation' | 'acronym';
  /** name: read from the two names alone; shared-address: the two share a respondent address (house number, street, ZIP). */
  evidence: 'name' | 'shared-address';
  /** A spelling of each side, alphabetical. */
  spellings: [string, string];
  /** typo, abbreviation, acronym: the words of each side that differ (canonical spelling), in the order of `spellings`. */
  words?: [string, string];
  /** truncation: the length of the cut spelling. */
  width?: number;
  /** shared-address: the address the two share, as compared ('HOUSE STREET ZIP'). */
  address?: string;
}

/** What grouping knows beside the names: each spelling's respondent addresses (respondentAddressKey), by spelling. */
export interface GroupingEvidence {
  addresses?: ReadonlyMap<string, Iterable<string>>;
  /**
   * When given, the evidence rules (7-9) join only names of one block: a caller that groups
   * block by block (the ingest) gets, from the blocks it holds, what grouping them all at once
   * gives. Rules 4-6 keep a name's block by construction.
   */
  blockOf?: (name: CompanyName) => string;
}

/** Each key's company key, and each company's reasons (companies of one key, or joined by spelling alone, have none). */
export interface CompanyGrouping {
  companyOf: Map<string, string>;
  reasons: Map<string, GroupingReason[]>;
}

/**
 * A respondent address as grouping compares it: the house number without spaces, the street
 * in canonical words (ST = STREET, E = EAST, 14TH = 14), the five-digit ZIP; null when any of
 * the three is missing or the house has no digit (a P.O. box is no place).
 */
export function respondentAddressKey(house: string | null | undefined, street: string | null | undefined, zip: string | null | undefined): string | null {
  const number = (house ?? '').toUpperCase().replace(/\s+/g, '');
  const zip5 = /^\s*(\d{5})/.exec(zip ?? '')?.[1];
  const streetWords = words(street ?? '').map(canonicalWord);
  if (!/\d/.test(number) || /BOX/.test(number) || !zip5 || zip5 === '00000' || streetWords.length === 0 || streetWords.includes('BOX')) return null;
  return `${number} ${streetWords.join(' ')} ${zip5}`;
}

/**
 * Abbreviations and acronyms read as the long spelling for evidence (rule 7), not spelling:
 * the words a name is compared in when looking for the same company under a shorter name.
 * City agencies by their acronyms; NYC and NY as NEW YORK (CITY).
 */
const EXPANSIONS: Readonly<Record<string, string>> = {
  COMM: 'COMMUNITY', CMTY: 'COMMUNITY', CTR: 'CENTER', CNTR: 'CENTER', CENTRE: 'CENTER', HLTH: 'HEALTH', HSG: 'HOUSING', AUTH: 'AUTHORITY',
  CONDO: 'CONDOMINIUM', CONDOS: 'CONDOMINIUM', CONDOMINIUMS: 'CONDOMINIUM', DEPT: 'DEPARTMENT', DEP: 'DEPARTMENT OF ENVIRONMENTAL PROTECTION',
  HOSP: 'HOSPITAL', UNIV: 'UNIVERSITY', EDUC: 'EDUCATION', ENVIRON: 'ENVIRONMENTAL', PRES: 'PRESERVATION', RECR: 'RECREATION', REC: 'RECREATION',
  NYC: 'NEW YORK CITY', NY: 'NEW YORK',
  NYCHA: 'NEW YORK CITY HOUSING AUTHORITY', NYCSCA: 'NEW YORK CITY SCHOOL CONSTRUCTION AUTHORITY', SCA: 'SCHOOL CONSTRUCTION AUTHORITY',
  DDC: 'DEPARTMENT OF DESIGN AND CONSTRUCTION', HPD: 'DEPARTMENT OF HOUSING PRESERVATION AND DEVELOPMENT', DSNY: 'DEPARTMENT OF SANITATION',
  DPR: 'DEPARTMENT OF PARKS AND RECREATION', NYCEDC: 'NEW YORK CITY ECONOMIC DEVELOPMENT CORPORATION', EDC: 'ECONOMIC DEVELOPMENT CORPORATION',
  HHC: 'HEALTH AND HOSPITALS CORPORATION', NYCHHC: 'NEW YORK CITY HEALTH AND HOSPITALS CORPORATION', MTA: 'METROPOLITAN TRANSPORTATION AUTHORITY',
};
/** The city agencies' acronyms among EXPANSIONS: a merge by one of them is an acronym, by another an abbreviation. */
const AGENCY_ACRONYMS: ReadonlySet<string> = new Set(['NYCHA', 'NYCSCA', 'SCA', 'DDC', 'DEP', 'HPD', 'DSNY', 'DPR', 'NYCEDC', 'EDC', 'HHC', 'NYCHHC', 'MTA']);
/** An HDFC squeezed onto the last word ('INWOODHOUSINGDEVELOPMENTFUNDCORP'). */
const SQUEEZED_HDFC = /^([A-Z0-9]{3,}?)(HOUSINGDEVELOPMENTFUND(?:CORPORATION|CORP|COMPANY|CO)|HDFC)$/;

/** Canonical words (rule 3) with EXPANSIONS read long, CITY OF NEW YORK as NEW YORK CITY, a squeezed HDFC split off. */
function expandWords(canonical: string[]): string[] {
  const out: string[] = [];
  canonical.forEach((word, index) => {
    const squeezed = index === canonical.length - 1 ? SQUEEZED_HDFC.exec(word) : null;
    if (squeezed) out.push(squeezed[1], 'HDFC');
    else if (EXPANSIONS[word] === undefined) out.push(word);
    else out.push(...EXPANSIONS[word].split(' ').map(canonicalWord));
  });
  for (let i = 0; i + 3 < out.length; i += 1) {
    if (out[i] === 'CITY' && out[i + 1] === 'OF' && out[i + 2] === 'NEW' && out[i + 3] === 'YORK') out.splice(i, 4, 'NEW', 'YORK', 'CITY');
  }
  // P & H: the dockets' PLUMBING AND HEATING.
  for (let i = 0; i + 2 < out.length; i += 1) if (out[i] === 'P' && out[i + 1] === 'AND' && out[i + 2] === 'H') out.splice(i, 3, 'PLUMBING', 'AND', 'HEATING');
  return out;
}

/** The legal tail of canonical words split off: the core words and the kind of entity the tail names (rule 4). */
function splitTail(canonical: string[]): { core: string[]; entity: string } {
  let tailStart = canonical.length;
  while (tailStart > 0 && LEGAL_CANONICAL.has(canonical[tailStart - 1])) tailStart -= 1;
  let entities = [...new Set(canonical.slice(tailStart).map((word) => LEGAL_CANONICAL.get(word)).filter((entity): entity is string => !!entity))].sort();
  if (entities.includes('HDFC')) entities = entities.filter((entity) => entity !== 'CORPORATION');
  return { core: canonical.slice(0, tailStart), entity: entities.join('+') };
}

/** Letters a word must have to be read as mistyped (the shorter of the two may have lost one). */
const TYPO_MIN_LENGTH = 6;
const ALPHA = /^[A-Z]+$/;

/** Two adjacent letters swapped ('MANAGEMETN'): one slip of the hand, though two edits. */
function swapped(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let first = -1;
  for (let i = 0; i < a.length; i += 1) {
    if (a[i] === b[i]) continue;
    if (first >= 0) return i === first + 1 && a[first] === b[i] && a[i] === b[first] && a.slice(i + 1) === b.slice(i + 1);
    first = i;
  }
  return false;
}

/**
 * One typo apart (rule 8): letters only, the longer of six letters or more, the shorter of
 * five or more, one letter added, dropped or changed (fastest-levenshtein), or two neighbours
 * swapped. A final S added is a plural (or another name: ROBERT, ROBERTS), not a typo, unless
 * an address backs it. Legal forms never.
 */
function isTypo(a: string, b: string, plural: boolean): boolean {
  if (a === b || !ALPHA.test(a) || !ALPHA.test(b)) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (long.length < TYPO_MIN_LENGTH || short.length < TYPO_MIN_LENGTH - 1 || long.length - short.length > 1) return false;
  if (LEGAL_FORMS[a] || LEGAL_FORMS[b] || LEGAL_CANONICAL.has(a) || LEGAL_CANONICAL.has(b)) return false;
  if (!plural && long === `${short}S`) return false;
  return distance(a, b) === 1 || swapped(a, b);
}

/** `short` spells `long` short (rule 9, with an address): its first letter, then letters of it in order, two or more left out ('SCFFLDNG' SCAFFOLDING, 'RECRE' RECREATION; one left out is a typo). */
function isAbbreviationOf(short: string, long: string): boolean {
  if (short.length < 2 || short.length > long.length - 2 || long.length < TYPO_MIN_LENGTH || !ALPHA.test(short) || !ALPHA.test(long) || short[0] !== long[0]) return false;
  if (LEGAL_CANONICAL.has(short) || LEGAL_FORMS[short]) return false;
  let at = 0;
  for (const letter of long) if (letter === short[at]) at += 1;
  return at === short.length;
}

/** Words not counted in an acronym: 'HPD' is HOUSING PRESERVATION (AND) DEVELOPMENT. */
const ACRONYM_SKIPPED = new Set(['OF', 'AND', 'THE', 'FOR']);

/** One key of the names grouped, as the evidence rules read it. */
interface Entry {
  key: string;
  name: CompanyName;
  /** Canonical core words of the key's representative spelling. */
  words: string[];
  /** The same, EXPANSIONS read long; with the kind of entity after expansion. */
  expanded: string[];
  expandedEntity: string;
  /** Every canonical word, legal tail included, expanded, without spaces: what a cut spelling is compared to. */
  expandedFull: string;
  expandedFullWords: string[];
  /** The lengths of its spellings that may have been cut at some field width (24-40). */
  cutLengths: number[];
  /** Its representative read as cut (cutPrefixes), once asked. */
  cutPrefixes?: string[];
}

const compatible = (a: string, b: string) => a === b || a === '' || b === '';
const pair = (a: string, b: string): [string, string] => (a <= b ? [a, b] : [b, a]);
const reasonOrder = (reason: GroupingReason) => JSON.stringify([reason.rule, reason.evidence, reason.spellings, reason.words ?? null, reason.width ?? null, reason.address ?? null]);

/** The words each side has that the other lacks, in the order of the sides. */
function differing(a: string[], b: string[]): [string, string] {
  const inA = new Set(a);
  const inB = new Set(b);
  return [a.filter((word) => !inB.has(word)).join(' '), b.filter((word) => !inA.has(word)).join(' ')];
}

/** A name read as cut: its canonical (and expanded) words, the last word as written or canonical; prefixes of the full words of the company it was cut from. */
function cutPrefixes(spelling: string): string[] {
  const { raw } = canonicalWordsOf(spelling);
  if (raw.length === 0) return [];
  const lastRaw = raw[raw.length - 1];
  const head = foldHdfc(raw.slice(0, -1).map(canonicalWord));
  if (head[0] === 'THE') head.shift();
  const heads = [head.join(''), expandWords(head).join('')];
  return [...new Set(heads.flatMap((text) => [text + lastRaw, text + canonicalWord(lastRaw)]))];
}

/** Addresses shared by more keys than this are offices of many companies, compared no further (each pair is checked). */
const MAX_KEYS_AT_ADDRESS = 200;
/** Distinct words in one masked bucket compared pair by pair; above, by deletion keys. */
const PAIRWISE_BUCKET = 12;

/**
 * Groups company spellings into companies (rules 4-9 of the module comment): returns, for
 * every key among `names`, the key of its company, the key of the group's most complete
 * spelling (longest `full`, then one naming a kind of entity, then the smallest key); and for
 * each company the reasons its spellings were joined beyond equal spelling. `evidence` gives
 * the spellings' respondent addresses. Deterministic and independent of the order of `names`:
 * every evidence merge is decided on the groups the spelling rules made, then applied at once.
 */
export function groupCompanyNames(names: Iterable<CompanyName>, evidence: GroupingEvidence = {}): CompanyGrouping {
  const byKey = new Map<string, CompanyName>();
  const prefixesByKey = new Map<string, Set<string>>();
  const spellingsByKey = new Map<string, string | Set<string>>();
  const spellingsOfKey = (key: string): Iterable<string> => {
    const held = spellingsByKey.get(key)!;
    return typeof held === 'string' ? [held] : held;
  };
  for (const name of names) {
    const known = byKey.get(name.key);
    if (
      !known || name.full.length > known.full.length
      || (name.full.length === known.full.length && (name.full < known.full || (name.full === known.full && name.spelling < known.spelling)))
    ) byKey.set(name.key, name);
    // A key's cut candidates are the union over its spellings.
    // Sets only where there is something to hold: most keys have no cut candidates and one spelling.
    if (name.truncatedPrefixes.length > 0) {
      if (!prefixesByKey.has(name.key)) prefixesByKey.set(name.key, new Set());
      for (const prefix of name.truncatedPrefixes) prefixesByKey.get(name.key)!.add(prefix);
    }
    const held = spellingsByKey.get(name.key);
    if (held === undefined) spellingsByKey.set(name.key, name.spelling);
    else if (typeof held === 'string') {
      if (held !== name.spelling) spellingsByKey.set(name.key, new Set([held, name.spelling]));
    } else held.add(name.spelling);
  }
  const keys = [...byKey.keys()].sort();
  const groups = new UnionFind();
  for (const key of keys) groups.find(key);
  const reasons: Array<{ at: string; reason: GroupingReason }> = [];
  const spellingOf = (key: string) => byKey.get(key)!.spelling;

  // Rule 5: a spelling with no form joins the one form docketed for its core; a squeezed form counts.
  const entitiesByCore = new Map<string, Set<string>>();
  for (const key of keys) {
    const { core, entity } = byKey.get(key)!;
    if (entity === '') continue;
    if (!entitiesByCore.has(core)) entitiesByCore.set(core, new Set());
    entitiesByCore.get(core)!.add(entity);
  }
  for (const key of keys) {
    const { core, entity } = byKey.get(key)!;
    if (entity !== '') continue;
    const formed = entitiesByCore.get(core);
    if (formed && formed.size === 1) {
      groups.union(key, `${core}|${[...formed][0]}`);
      continue;
    }
    if (formed) continue;
    for (const squeezed of SQUEEZED_FORMS) {
      if (!core.endsWith(squeezed) || core.length - squeezed.length < 3) continue;
      const target = `${core.slice(0, -squeezed.length)}|${LEGAL_FORMS[squeezed].entity}`;
      if (byKey.has(target)) {
        groups.union(key, target);
        break;
      }
    }
  }

  const blockOf = evidence.blockOf;
  const sameBlock = (key: string, target: string) => !blockOf || blockOf(byKey.get(key)!) === blockOf(byKey.get(target)!);

  // The evidence reading of every key.
  const entries = new Map<string, Entry>();
  for (const key of keys) {
    const name = byKey.get(key)!;
    const { canonical, tailStart } = canonicalWordsOf(name.spelling);
    const expandedAll = expandWords(canonical);
    const { core: expanded, entity: expandedEntity } = splitTail(expandedAll);
    const cutLengths = [...spellingsOfKey(key)].map((spelling) => spelling.length).filter((length) => length >= TRUNCATION_MIN_LENGTH && length <= TRUNCATION_MAX_LENGTH);
    entries.set(key, { key, name, words: canonical.slice(0, tailStart), expanded, expandedEntity: expandedEntity || name.entity, expandedFull: expandedAll.join(''), expandedFullWords: expandedAll, cutLengths: [...new Set(cutLengths)].sort() });
  }
  // The keys docketed at each address (most addresses hold one key: kept as a string until a second comes).
  const atAddress = new Map<string, string | string[]>();
  if (evidence.addresses) {
    const keyOfSpelling = new Map<string, string>();
    for (const key of spellingsByKey.keys()) for (const spelling of spellingsOfKey(key)) keyOfSpelling.set(spelling, key);
    for (const [spelling, addresses] of evidence.addresses) {
      const key = keyOfSpelling.get(spelling);
      if (key === undefined) continue;
      for (const address of addresses) {
        const held = atAddress.get(address);
        if (held === undefined) atAddress.set(address, key);
        else if (typeof held === 'string') {
          if (held !== key) atAddress.set(address, [held, key]);
        } else if (!held.includes(key) && held.length <= MAX_KEYS_AT_ADDRESS) held.push(key);
      }
    }
  }

  // Rule 7: names equal once known abbreviations and acronyms are read long are one company; a
  // name with no form joins the one form docketed for its long reading.
  const byExpanded = new Map<string, string[]>();
  const entitiesByExpandedCore = new Map<string, Set<string>>();
  for (const entry of entries.values()) {
    if (entry.expanded.length === 0) continue;
    const core = `${blockOf ? blockOf(entry.name) : ''}#${entry.expanded.join('')}`;
    const key = `${core}|${entry.expandedEntity}`;
    if (!byExpanded.has(key)) byExpanded.set(key, []);
    byExpanded.get(key)!.push(entry.key);
    if (entry.expandedEntity === '') continue;
    if (!entitiesByExpandedCore.has(core)) entitiesByExpandedCore.set(core, new Set());
    entitiesByExpandedCore.get(core)!.add(entry.expandedEntity);
  }
  const expandedJoin = (key: string, target: string) => {
    if (groups.find(key) === groups.find(target) || !sameBlock(key, target)) return;
    const a = entries.get(key)!;
    const b = entries.get(target)!;
    const words = differing(a.words, b.words);
    const rule = [...words.join(' ').split(' ')].some((word) => AGENCY_ACRONYMS.has(word)) ? 'acronym' : 'abbreviation';
    const [first, second] = pair(spellingOf(key), spellingOf(target));
    reasons.push({ at: key, reason: { rule, evidence: 'name', spellings: [first, second], words: first === spellingOf(key) ? words : [words[1], words[0]] } });
    groups.union(key, target);
  };
  for (const [expandedKey, members] of byExpanded) {
    for (const key of members.slice(1)) expandedJoin(key, members[0]);
    const bar = expandedKey.lastIndexOf('|');
    const core = expandedKey.slice(0, bar);
    const entity = expandedKey.slice(bar + 1);
    const formed = entitiesByExpandedCore.get(core);
    if (entity === '' && formed && formed.size === 1) expandedJoin(members[0], byExpanded.get(`${core}|${[...formed][0]}`)![0]);
  }

  // Rule 6: a cut spelling joins the one company one of whose spellings it starts (read as
  // written, or with its abbreviations read long).
  // Full words and key, sorted as one string (the native sort), split back.
  const joined: string[] = [];
  for (const key of keys) {
    const entry = entries.get(key)!;
    joined.push(`${entry.name.full}\u0000${key}`);
    if (entry.expandedFull !== entry.name.full) joined.push(`${entry.expandedFull}\u0000${key}`);
  }
  joined.sort();
  const fulls = { sorted: joined.map((text) => [text.slice(0, text.indexOf('\u0000')), text.slice(text.indexOf('\u0000') + 1)] as const), texts: [] as string[] };
  fulls.texts = fulls.sorted.map(([text]) => text);
  /** The keys (other than the cut key's group) whose full words a prefix starts, and the roots they belong to. */
  const startedBy = (cutKey: string, prefix: string, own: string, targets: Map<string, string>) => {
    for (let i = lowerBound(fulls.texts, prefix); i < fulls.sorted.length && fulls.texts[i].startsWith(prefix); i += 1) {
      if (fulls.texts[i].length <= prefix.length) continue;
      const target = fulls.sorted[i][1];
      if (!sameBlock(cutKey, target)) continue;
      const root = groups.find(target);
      if (root !== own && !targets.has(root)) targets.set(root, target);
      if (targets.size > 1) return;
    }
  };
  const merges: Array<[string, string]> = [];
  for (const key of keys) {
    const known = prefixesByKey.get(key);
    if (known === undefined) continue;
    const prefixes = [...new Set([...known, ...cutPrefixes(spellingOf(key))])].sort();
    const own = groups.find(key);
    const targets = new Map<string, string>();
    for (const prefix of prefixes) {
      startedBy(key, prefix, own, targets);
      if (targets.size > 1) break;
    }
    if (targets.size === 1) merges.push([key, [...targets.values()][0]]);
  }
  for (const [key, target] of merges) {
    if (groups.find(key) === groups.find(target)) continue;
    groups.union(key, target);
    reasons.push({ at: key, reason: { rule: 'truncation', evidence: 'name', spellings: pair(spellingOf(key), spellingOf(target)), width: spellingOf(key).length } });
  }

  // Rules 8 and 9, decided on the groups made so far: links between groups by a typo in a long
  // word (from the names alone), or by a typo, abbreviation, acronym or cut name with a shared
  // respondent address. A group linked to exactly one other group joins it; linked to two, neither.
  const links = new Map<string, Map<string, { key: string; target: string; reason: GroupingReason }>>();
  const link = (key: string, target: string, reason: GroupingReason) => {
    if (!sameBlock(key, target)) return;
    const a = groups.find(key);
    const b = groups.find(target);
    if (a === b) return;
    for (const [from, to, at, other] of [[a, b, key, target], [b, a, target, key]] as const) {
      if (!links.has(from)) links.set(from, new Map());
      const held = links.get(from)!.get(to);
      // One reason per pair of groups, the same whatever the order: an address before the name alone, then the first in order.
      if (!held || (held.reason.evidence !== reason.evidence ? reason.evidence === 'shared-address' : reasonOrder(reason) < reasonOrder(held.reason))) {
        links.get(from)!.set(to, { key: at, target: other, reason });
      }
    }
  };
  const typoReason = (a: Entry, b: Entry, at: number, evidenceOf: 'name' | 'shared-address', address?: string): GroupingReason => {
    const [first, second] = pair(spellingOf(a.key), spellingOf(b.key));
    const words: [string, string] = first === spellingOf(a.key) ? [a.expanded[at], b.expanded[at]] : [b.expanded[at], a.expanded[at]];
    return { rule: 'typo', evidence: evidenceOf, spellings: [first, second], words, ...(address ? { address } : {}) };
  };

  // Rule 8 from the names alone: keys bucketed by their words with one long word masked, the
  // masked words compared within a bucket (by deletion keys in a large one), so few pairs are.
  // Most masks hold one key: kept as [word, key] until a second comes.
  const firstAtMask = new Map<string, readonly [string, string]>();
  const buckets = new Map<string, Map<string, string[]>>();
  for (const entry of entries.values()) {
    entry.expanded.forEach((word, at) => {
      if (word.length < TYPO_MIN_LENGTH - 1 || !ALPHA.test(word)) return;
      const mask = `${at}|${entry.expanded.slice(0, at).join(' ')}|${entry.expanded.slice(at + 1).join(' ')}`;
      let bucket = buckets.get(mask);
      if (bucket === undefined) {
        const first = firstAtMask.get(mask);
        if (first === undefined) {
          firstAtMask.set(mask, [word, entry.key]);
          return;
        }
        bucket = new Map([[first[0], [first[1]]]]);
        buckets.set(mask, bucket);
      }
      const keysOfWord = bucket.get(word);
      if (keysOfWord) keysOfWord.push(entry.key);
      else bucket.set(word, [entry.key]);
    });
  }
  const linkTypo = (mask: string, bucket: Map<string, string[]>, a: string, b: string) => {
    if (!isTypo(a, b, false)) return;
    const at = Number(mask.slice(0, mask.indexOf('|')));
    for (const keyA of bucket.get(a)!) {
      for (const keyB of bucket.get(b)!) {
        const ea = entries.get(keyA)!;
        const eb = entries.get(keyB)!;
        if (compatible(ea.expandedEntity, eb.expandedEntity)) link(keyA, keyB, typoReason(ea, eb, at, 'name'));
      }
    }
  };
  for (const [mask, bucket] of buckets) {
    if (bucket.size < 2) continue;
    const distinct = [...bucket.keys()].sort();
    if (distinct.length <= PAIRWISE_BUCKET) {
      for (let i = 0; i < distinct.length; i += 1) for (let j = i + 1; j < distinct.length; j += 1) linkTypo(mask, bucket, distinct[i], distinct[j]);
      continue;
    }
    const byDeletion = new Map<string, string[]>();
    for (const word of distinct) {
      const deletions = new Set([word]);
      for (let i = 0; i < word.length; i += 1) deletions.add(word.slice(0, i) + word.slice(i + 1));
      for (const deletion of deletions) {
        if (!byDeletion.has(deletion)) byDeletion.set(deletion, []);
        byDeletion.get(deletion)!.push(word);
      }
    }
    const compared = new Set<string>();
    for (const near of byDeletion.values()) {
      for (let i = 0; i < near.length; i += 1) {
        for (let j = i + 1; j < near.length; j += 1) {
          const id = `${near[i]}\n${near[j]}`;
          if (compared.has(id)) continue;
          compared.add(id);
          linkTypo(mask, bucket, near[i], near[j]);
        }
      }
    }
  }

  // Rule 9: spellings that share a respondent address and are a typo, an abbreviation, an
  // acronym or a cut (at any field width from 24 to 40 characters) of one another.
  for (const [address, members] of atAddress) {
    if (typeof members === 'string' || members.length > MAX_KEYS_AT_ADDRESS) continue;
    members.sort();
    for (let i = 0; i < members.length; i += 1) {
      for (let j = i + 1; j < members.length; j += 1) {
        if (groups.find(members[i]) === groups.find(members[j])) continue;
        const reason = addressRelation(entries.get(members[i])!, entries.get(members[j])!, spellingOf, address);
        if (reason) link(members[i], members[j], reason);
      }
    }
  }

  // A group is contested when it is linked to two groups not linked to each other (two
  // companies near it); linked to groups all linked to one another (PROJECT, PROECT, PROUECT
  // REBUILD: variants of one name) it is not. A link joins its two groups unless the smaller
  // (fewer spellings; either, when equal) is contested: the company of many spellings near several
  // slips of its name takes each, a slip near two companies joins neither.
  const size = new Map<string, number>();
  for (const key of keys) size.set(groups.find(key), (size.get(groups.find(key)) ?? 0) + [...spellingsOfKey(key)].length);
  const contested = new Set<string>();
  for (const [root, linked] of links) {
    const others = [...linked.keys()];
    if (others.some((a, i) => others.slice(i + 1).some((b) => !links.get(a)?.has(b)))) contested.add(root);
  }
  const joins: Array<{ key: string; target: string; reason: GroupingReason }> = [];
  for (const [root, linked] of [...links].sort(([a], [b]) => (a < b ? -1 : 1))) {
    for (const [other, { key, target, reason }] of linked) {
      if (other < root) continue;
      const [small, large] = size.get(root)! <= size.get(other)! ? [root, other] : [other, root];
      if (contested.has(small) || (size.get(small) === size.get(large) && contested.has(large))) continue;
      joins.push({ key, target, reason });
    }
  }
  for (const { key, target, reason } of joins) {
    if (groups.find(key) === groups.find(target)) continue;
    groups.union(key, target);
    reasons.push({ at: key, reason });
  }

  // Each group answers with its most complete spelling's key.
  const best = new Map<string, string>();
  for (const key of keys) {
    const root = groups.find(key);
    const current = best.get(root);
    const candidate = byKey.get(key)!;
    if (current === undefined) {
      best.set(root, key);
      continue;
    }
    const held = byKey.get(current)!;
    const better =
      candidate.full.length !== held.full.length
        ? candidate.full.length > held.full.length
        : (candidate.entity !== '') !== (held.entity !== '')
          ? candidate.entity !== ''
          : key < current;
    if (better) best.set(root, key);
  }
  const companyOf = new Map(keys.map((key) => [key, best.get(groups.find(key))!]));
  const reasonsOf = new Map<string, GroupingReason[]>();
  for (const { at, reason } of reasons) {
    const company = companyOf.get(at)!;
    if (!reasonsOf.has(company)) reasonsOf.set(company, []);
    reasonsOf.get(company)!.push(reason);
  }
  for (const list of reasonsOf.values()) list.sort((a, b) => (reasonOrder(a) < reasonOrder(b) ? -1 : 1));
  return { companyOf, reasons: reasonsOf };
}

/** How two keys at one address are one company's names (rule 9), or null. */
function addressRelation(a: Entry, b: Entry, spellingOf: (key: string) => string, address: string): GroupingReason | null {
  const relation = relationOf(a, b, spellingOf);
  if (relation === null) return null;
  const [first, second] = pair(spellingOf(a.key), spellingOf(b.key));
  const words = relation.words && (first === spellingOf(a.key) ? relation.words : ([relation.words[1], relation.words[0]] as [string, string]));
  return { rule: relation.rule, evidence: 'shared-address', spellings: [first, second], ...(words ? { words } : {}), ...(relation.width ? { width: relation.width } : {}), address };
}

/** How two names relate for rule 9 (words in the order a, b), or null: checked for every pair at an address, so cheap tests first. */
function relationOf(a: Entry, b: Entry, spellingOf: (key: string) => string): { rule: GroupingReason['rule']; words?: [string, string]; width?: number } | null {
  const sameForm = compatible(a.expandedEntity, b.expandedEntity);
  if (sameForm && a.expanded.length === b.expanded.length && a.expanded.length > 0) {
    const differ: number[] = [];
    for (let at = 0; at < a.expanded.length; at += 1) {
      const x = a.expanded[at];
      const y = b.expanded[at];
      if (x === y) continue;
      // Neither a typo nor an abbreviation: different first letters (a typo of the first letter is in one word only, so only where one word differs).
      if (x[0] !== y[0] && differ.length > 0) return relationByLength(a, b, sameForm, spellingOf);
      differ.push(at);
    }
    if (differ.length === 1 && isTypo(a.expanded[differ[0]], b.expanded[differ[0]], true)) return { rule: 'typo', words: [a.expanded[differ[0]], b.expanded[differ[0]]] };
    if (differ.length > 0 && differ.every((at) => isAbbreviationOf(a.expanded[at], b.expanded[at]) || isAbbreviationOf(b.expanded[at], a.expanded[at]))) {
      return { rule: 'abbreviation', words: [differ.map((at) => a.expanded[at]).join(' '), differ.map((at) => b.expanded[at]).join(' ')] };
    }
  }
  return relationByLength(a, b, sameForm, spellingOf);
}

/** Rule 9's acronym and cut: one name much shorter than the other. */
function relationByLength(a: Entry, b: Entry, sameForm: boolean, spellingOf: (key: string) => string): { rule: GroupingReason['rule']; words?: [string, string]; width?: number } | null {
  if (a.cutLengths.length === 0 && b.cutLengths.length === 0 && a.expanded.length !== 1 && b.expanded.length !== 1) return null;
  for (const [short, long] of [[a, b], [b, a]] as const) {
    if (sameForm && short.expanded.length === 1 && short.expanded[0].length >= 2 && short.expanded[0].length <= 8 && ALPHA.test(short.expanded[0]) && long.expanded.length >= 2) {
      // The initials of its words, with or without OF, AND, ...; with or without its legal tail (BSDC: ... DEVELOPMENT CORP).
      const withTail = [...long.expanded, ...long.expandedFullWords.slice(long.expanded.length)];
      const initials = [long.expanded, withTail].flatMap((words) => [words, words.filter((word) => !ACRONYM_SKIPPED.has(word))]).map((words) => words.map((word) => word[0]).join(''));
      if (initials.includes(short.expanded[0])) return { rule: 'acronym', words: short === a ? [short.expanded[0], long.expanded.join(' ')] : [long.expanded.join(' '), short.expanded[0]] };
    }
    // A key's spellings of one width differ only by punctuation and spacing: its representative is read as cut.
    if (short.cutLengths.length === 0) continue;
    short.cutPrefixes ??= cutPrefixes(spellingOf(short.key));
    const starts = (full: string, prefix: string) => full.length > prefix.length && full.startsWith(prefix);
    if (short.cutPrefixes.some((prefix) => starts(long.name.full, prefix) || starts(long.expandedFull, prefix))) {
      const length = spellingOf(short.key).length;
      return { rule: 'truncation', width: short.cutLengths.includes(length) ? length : short.cutLengths[0] };
    }
  }
  return null;
}

/**
 * Groups company spellings into companies (groupCompanyNames, without the reasons): for every
 * key among `names`, the key of its company.
 */
export function groupCompanies(names: Iterable<CompanyName>, evidence: GroupingEvidence = {}): Map<string, string> {
  return groupCompanyNames(names, evidence).companyOf;
}
