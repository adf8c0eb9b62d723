import type { Writable } from 'node:stream';

/** The portal export's header, in its order (SCHEMAS.md, export 2024-10). */
export const PORTAL_HEADER = [
  'CAMIS', 'DBA', 'BORO', 'BUILDING', 'STREET', 'ZIPCODE', 'PHONE', 'CUISINE DESCRIPTION', 'INSPECTION DATE', 'ACTION',
  'VIOLATION CODE', 'VIOLATION DESCRIPTION', 'CRITICAL FLAG', 'SCORE', 'GRADE', 'GRADE DATE', 'RECORD DATE', 'INSPECTION TYPE',
  'Latitude', 'Longitude', 'Community Board', 'Council District', 'Census Tract', 'BIN', 'BBL', 'NTA', 'Location Point1',
] as const;

export type PortalRow = Partial<Record<(typeof PORTAL_HEADER)[number], string | number | null>>;

function field(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function portalLine(row: PortalRow): string {
  return csvLine(PORTAL_HEADER.map((column) => row[column]));
}

/** One CSV line of any export: fields quoted only where they must be, empty for null. */
export function csvLine(values: ReadonlyArray<string | number | null | undefined>): string {
  return `${values.map(field).join(',')}\n`;
}

/** 'YYYY-MM-DD' as the portal writes it: MM/DD/YYYY. */
export function portalDate(date: string): string {
  return `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;
}

/** Writes with backpressure: waits for 'drain' when the stream's buffer is full. */
export async function writeLine(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', resolve));
}
