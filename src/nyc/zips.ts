import { BOROUGHS, Borough, UNKNOWN_BOROUGH, parseBorough } from './boroughs';
import data from './borough-zips.json';

/**
 * ZIP code -> borough, from the explicit USPS ZIP sets in borough-zips.json (not from
 * numeric ranges: ranges miss the ZIPs that break them, such as 11001 and 11040 in eastern
 * Queens or the Manhattan unique ZIPs 10285 and 10286).
 */

/** All ZIP codes of each borough. */
export const boroughZips: Readonly<Record<Borough, readonly string[]>> = Object.freeze(
  Object.fromEntries(
    BOROUGHS.map((borough) => {
      const zips = (data.boroughs as Record<string, string[]>)[borough];
      if (!zips) throw new Error(`borough-zips.json: no ZIPs for ${borough}`);
      return [borough, Object.freeze([...zips])];
    }),
  ) as Record<Borough, readonly string[]>,
);

const ZIP_BOROUGH = new Map<string, Borough>();
for (const borough of BOROUGHS) {
  for (const zip of boroughZips[borough]) {
    if (ZIP_BOROUGH.has(zip)) throw new Error(`borough-zips.json: ${zip} is in two boroughs`);
    ZIP_BOROUGH.set(zip, borough);
  }
}

/** Every NYC ZIP code (the union of boroughZips), sorted. */
export const nycZips: readonly string[] = Object.freeze([...ZIP_BOROUGH.keys()].sort());

/** True for a 5-digit ZIP code delivering in one of the five boroughs. */
export function isNycZip(zip: string): boolean {
  return ZIP_BOROUGH.has(zip.trim());
}

/** The borough a ZIP code belongs to, or null when it is not an NYC ZIP. */
export function boroughForZip(zip: string | null | undefined): Borough | null {
  return ZIP_BOROUGH.get((zip ?? '').trim()) ?? null;
}

/** ZIPs come as '10014', '10014.0' or '10014-1234'; anything else is no ZIP. */
export function normalizeZip(zip: string | null | undefined): string | null {
  const match = /^(\d{5})(?:\.0+|-\d{4})?$/.exec((zip ?? '').trim());
  return match ? match[1] : null;
}

/**
 * The borough name as served. DOHMH's BORO is a name, but '0' for out-of-town or bad
 * addresses; the ZIP then decides, and 'Unknown' is left when it cannot.
 */
export function normalizeBorough(boro: string | null | undefined, zip: string | null | undefined): string {
  return parseBorough(boro) ?? boroughForZip(zip) ?? UNKNOWN_BOROUGH;
}
