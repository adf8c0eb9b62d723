import { houseNumberOrder, houseNumberParity, normalizeZip, parseBin, parseHouseNumber } from '../../../src/nyc';
import type { RawRecord } from '../columns';
import { DatasetSpec, rejectingParser, RowRejection, spacedText, textField } from '../dataset';
import { rowBbl } from './tax-lot';

/**
 * One PAD address range: the house numbers `low` to `high` on one side of one street that
 * a building (BIN) of a lot answers to. Both ends in the canonical house-number form of
 * src/nyc/address (`111a`, `34-12`), same form and same side of the street.
 */
export interface PadRow {
  bbl: string;
  /** The building; null for a placeholder ('million') BIN. */
  bin: string | null;
  /** Street name as PAD writes it, spaces made one (`ANDES ROAD`). */
  street: string;
  low: string;
  high: string;
  /** PAD's address type (blank = an ordinary address; V vanity, R the real address of a vanity, ...); null when blank. */
  addressType: string | null;
  /** B10SC: borough, 5-digit street code, local group code and spelling: the street's identity. */
  streetCode: string | null;
  zip: string | null;
}

/** What the address types that carry no house number are, for the rejection reason. */
const NUMBERLESS_TYPES: Record<string, string> = {
  N: 'a non-addressable place name',
  B: 'a non-addressable unnamed building',
  W: 'a blank wall',
  G: 'a place name of a complex',
  X: 'a constituent name of a complex',
};

function houseNumberField(record: RawRecord, key: string, label: string) {
  const text = textField(record[key]);
  if (text === null) return null;
  const houseNumber = parseHouseNumber(text);
  if (!houseNumber) throw new RowRejection(`unreadable ${label} "${text}"`);
  return houseNumber;
}

function parsePad(record: RawRecord): PadRow {
  const bbl = rowBbl(null, { borough: textField(record.boro), block: textField(record.block), lot: textField(record.lot) }, `no tax lot in boro/block/lot "${record.boro ?? ''}/${record.block ?? ''}/${record.lot ?? ''}"`);
  const street = spacedText(record.stname);
  if (street === null) throw new RowRejection('no street name');
  const addressType = textField(record.addrtype);
  const low = houseNumberField(record, 'lhnd', 'low house number');
  const high = houseNumberField(record, 'hhnd', 'high house number');
  if (!low && !high) {
    const kind = addressType ? NUMBERLESS_TYPES[addressType] : undefined;
    throw new RowRejection(`no house number (address type ${addressType ?? 'blank'}${kind ? `: ${kind}` : ''})`);
  }
  // A one-number range may leave either end blank.
  const from = low ?? high!;
  const to = high ?? low!;
  if ((from.sub === null) !== (to.sub === null)) throw new RowRejection(`house numbers "${from.text}" and "${to.text}" mix hyphenated and plain forms`);
  if (houseNumberParity(from) !== houseNumberParity(to)) throw new RowRejection(`house numbers "${from.text}" and "${to.text}" are on opposite sides of the street`);
  if (houseNumberOrder(from) > houseNumberOrder(to)) throw new RowRejection(`low house number "${from.text}" is above high "${to.text}"`);
  return {
    bbl,
    bin: parseBin(record.bin),
    street,
    low: from.text,
    high: to.text,
    addressType,
    streetCode: textField(record.b10sc),
    zip: normalizeZip(textField(record.zipcode)),
  };
}

/**
 * PAD's address file (bobaadr.txt of the Property Address Directory, BYTES of the Big Apple):
 * one row per address range of a building: boro/block/lot (padded), BIN, low and high house
 * numbers (lhnd/hhnd as written, lhns/hhns sortable), street name, address type, B10SC, ZIP.
 * Rows with no house number (place names, unnamed buildings, blank walls) are no address
 * range and are rejected with their address type.
 */
export const PAD_ADDRESSES: DatasetSpec<PadRow> = {
  name: 'pad-addresses',
  title: 'PAD address (bobaadr)',
  requiredColumns: ['boro', 'block', 'lot', 'bin', 'lhnd', 'hhnd', 'stname', 'addrtype', 'b10sc', 'zipcode'],
  requiredJsonKeys: ['boro', 'block', 'lot', 'stname'],
  formats: ['csv'],
  parse: rejectingParser(parsePad),
};
