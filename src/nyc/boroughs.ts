/**
 * The five boroughs. The canonical order is the city's borough code order (1 Manhattan,
 * 2 Bronx, 3 Brooklyn, 4 Queens, 5 Staten Island): BBLs and BINs start with it, and
 * GET /meta/boroughs serves it. Every other borough list is derived from this one.
 */
export const BOROUGHS = ['Manhattan', 'Bronx', 'Brooklyn', 'Queens', 'Staten Island'] as const;
export type Borough = (typeof BOROUGHS)[number];
export type BoroughCode = 1 | 2 | 3 | 4 | 5;

/** Stored and served when neither a borough column nor the ZIP code names a borough. */
export const UNKNOWN_BOROUGH = 'Unknown';

export function isBorough(value: string): value is Borough {
  return (BOROUGHS as readonly string[]).includes(value);
}

export function boroughCode(borough: Borough): BoroughCode {
  return (BOROUGHS.indexOf(borough) + 1) as BoroughCode;
}

export function boroughOfCode(code: number): Borough | null {
  return Number.isInteger(code) && code >= 1 && code <= 5 ? BOROUGHS[code - 1] : null;
}

/**
 * How the city's data sets write a borough: full names (any case), DOHMH's 'New York'
 * for Manhattan, PLUTO's two-letter codes, and the 1-5 borough code.
 */
const BOROUGH_SPELLINGS: Record<string, Borough> = {
  manhattan: 'Manhattan', mn: 'Manhattan', '1': 'Manhattan', 'new york': 'Manhattan',
  bronx: 'Bronx', 'the bronx': 'Bronx', bx: 'Bronx', '2': 'Bronx',
  brooklyn: 'Brooklyn', bk: 'Brooklyn', '3': 'Brooklyn',
  queens: 'Queens', qn: 'Queens', '4': 'Queens',
  'staten island': 'Staten Island', 'staten is': 'Staten Island', si: 'Staten Island', '5': 'Staten Island',
};

/**
 * The one-letter borough codes of DOB's BIS extracts (a DOB violation's BORO is a digit in
 * most rows and a letter in some): M, X (the Bronx), B, Q, S. Read only where a data set is
 * known to write them; elsewhere a lone letter names no borough.
 */
const DOB_BOROUGH_LETTERS: Record<string, Borough> = { m: 'Manhattan', x: 'Bronx', b: 'Brooklyn', q: 'Queens', s: 'Staten Island' };

/** A DOB BIS borough column: what parseBorough reads, or one of DOB's borough letters. */
export function parseDobBorough(text: string | null | undefined): Borough | null {
  return parseBorough(text) ?? DOB_BOROUGH_LETTERS[(text ?? '').trim().toLowerCase()] ?? null;
}

/** A borough as any city data set writes it, or null when the text names none. */
export function parseBorough(text: string | null | undefined): Borough | null {
  return BOROUGH_SPELLINGS[(text ?? '').trim().toLowerCase().replace(/\s+/g, ' ')] ?? null;
}
