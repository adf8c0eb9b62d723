import type { Respondent } from './types';
import { foldLetters } from '../../nyc/letters';

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
 * 6. Truncation: a spelling 24 to 26 characters long in the field that ends it (the
 *    dockets cut names at 25) may be cut. It joins the one company of which one of its
 *    spellings starts with it, all spaces ignored, its last word read as written or as a
 *    known abbreviation ('HUNTER ROBERTS CONSTRUCTI' joins 'HUNTER ROBERTS CONSTRUCTION
 *    GROUP LLC'); when it starts two companies' spellings it joins neither.
 * Words are never dropped or guessed otherwise: spellings that differ by a word, a number or
 * a letter ('WEBSTER BUILDING A LLC', 'WEBSTER BUILDING B LLC') are different companies.
 */
export const COMPANY_NAME_RULE = `Respondents are grouped into companies by a documented spelling rule. (1) The name is the respondent's first-name and last-name fields joined: OATH writes a company whole in the last-name field or splits its distinctive head (first name) from its legal tail (last name, e.g. CAB CORP.). (2) It is a company when it holds a legal form (INC, CORP, LLC, LTD, LP, LLP, PC, PLLC, HDFC, CO), a trade or business word (TAXI, CAB, CONSTRUCTION, MANAGEMENT, REALTY, RESTAURANT, ...) or a digit, or when one field is blank and the other holds several words and no comma (or one word of 16 letters or more, its spaces squeezed out); any other respondent is an individual and belongs to no company. (3) Spellings are compared in upper case with accents folded (CAFÉ = CAFE, Ñ = N, Ø = O), without a care-of (C/O) tail, apostrophes or a leading THE, with & and AND alike, punctuation and spacing ignored (L.L.C. = LLC, WAVECRESTMGMT = WAVECREST MGMT), and each word in one canonical spelling (INC = INCORPORATED, CORP = CORPORATION, CO = COMPANY, LTD = LIMITED, HDFC = HOUSING DEVELOPMENT FUND CORP, MGMT = MANAGEMENT, ASSOC = ASSOCIATES, PLBG = PLUMBING, CONSTR = CONSTRUCTION, ST = STREET, 14TH = 14, ...; business words in the plural as the singular, SERVICES = SERVICE). (4) Two spellings are one company when they are equal apart from the legal tail and their tails name the same kind of entity (corporation: INC, CORP, LTD; or LLC, LP, LLP, PC, PLLC, HDFC; CO alone names none; HDFC INC = HDFC). (5) A spelling with no legal form joins the company of the same name when exactly one kind of entity is docketed under that name. (6) A spelling 24 to 26 characters long may have been cut at the field's width: it joins the one company whose spelling starts with it (its last word possibly cut), and no company when it starts the spellings of two. Spellings that differ by any other word, number or letter are different companies.`;

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

/** The widths a docket cuts a name at (25), give or take the trailing space and one squeezed out. */
export const TRUNCATION_MIN_LENGTH = 24;
export const TRUNCATION_MAX_LENGTH = 26;

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
    (word) => /\d/.test(word) || LEGAL_FORMS[word] !== undefined || BUSINESS_WORDS.has(word) || BUSINESS_WORDS.has(ABBREVIATIONS[word] ?? '') || SQUEEZED_MARK.test(word),
  );
}

/** The text of a name spelled for comparison, or null when nothing is left of it. */
export function companyNameOf(spelling: string, lastField: string): CompanyName | null {
  const raw = words(spelling);
  let canonical = foldHdfc(raw.map(canonicalWord));
  if (canonical[0] === 'THE') canonical = canonical.slice(1);
  if (canonical[canonical.length - 1] === 'THE') canonical = canonical.slice(0, -1);
  let tailStart = canonical.length;
  while (tailStart > 0 && LEGAL_CANONICAL.has(canonical[tailStart - 1])) tailStart -= 1;
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
  if (cutLength >= TRUNCATION_MIN_LENGTH && cutLength <= TRUNCATION_MAX_LENGTH && raw.length > 0) {
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

class UnionFind {
  private parent = new Map<string, string>();
  find(key: string): string {
    let root = key;
    while (this.parent.has(root) && this.parent.get(root) !== root) root = this.parent.get(root)!;
    let node = key;
    while (node !== root) {
      const next = this.parent.get(node)!;
      this.parent.set(node, root);
      node = next;
    }
    if (!this.parent.has(root)) this.parent.set(root, root);
    return root;
  }
  union(a: string, b: string): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent.set(ra > rb ? ra : rb, ra > rb ? rb : ra);
  }
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

/**
 * Groups company spellings into companies (rules 4-6 of the module comment). Returns, for
 * every key among `names`, the key of its company: the key of the group's most complete
 * spelling (longest `full`, then one naming a kind of entity, then the smallest key).
 * Deterministic and independent of the order of `names`.
 */
export function groupCompanies(names: Iterable<CompanyName>): Map<string, string> {
  const byKey = new Map<string, CompanyName>();
  const prefixesByKey = new Map<string, Set<string>>();
  for (const name of names) {
    const known = byKey.get(name.key);
    if (!known || name.full.length > known.full.length || (name.full.length === known.full.length && name.full < known.full)) byKey.set(name.key, name);
    // A key's cut candidates are the union over its spellings.
    if (!prefixesByKey.has(name.key)) prefixesByKey.set(name.key, new Set());
    for (const prefix of name.truncatedPrefixes) prefixesByKey.get(name.key)!.add(prefix);
  }
  const keys = [...byKey.keys()].sort();
  const groups = new UnionFind();
  for (const key of keys) groups.find(key);

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

  // Rule 6: a cut spelling joins the one company one of whose spellings it starts.
  const fulls = keys.map((key) => [byKey.get(key)!.full, key] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : 1));
  const fullTexts = fulls.map(([full]) => full);
  const merges: Array<[string, string]> = [];
  for (const key of keys) {
    const prefixes = [...prefixesByKey.get(key)!].sort();
    if (prefixes.length === 0) continue;
    const own = groups.find(key);
    const targets = new Set<string>();
    for (const prefix of prefixes) {
      for (let i = lowerBound(fullTexts, prefix); i < fulls.length && fullTexts[i].startsWith(prefix); i += 1) {
        if (fullTexts[i].length <= prefix.length) continue;
        const root = groups.find(fulls[i][1]);
        if (root !== own) targets.add(root);
        if (targets.size > 1) break;
      }
      if (targets.size > 1) break;
    }
    if (targets.size === 1) merges.push([key, [...targets][0]]);
  }
  for (const [key, target] of merges) groups.union(key, target);

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
  return new Map(keys.map((key) => [key, best.get(groups.find(key))!]));
}
