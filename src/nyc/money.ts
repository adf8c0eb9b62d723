const MONEY = /^(-)?\$?(\d*)(?:\.(\d{1,2}))?$/;

/**
 * An amount as the city's exports write dollars: `4000.00`, `.00` and `-2500.00` (ECB
 * violations), `0.00` (OATH), `$37300.00` (DOB job filings), `1500` (DOB NOW), with
 * thousands separators sometimes. Whole cents; null when blank; undefined when unreadable.
 */
export function parseMoneyCents(value: string | null | undefined): number | null | undefined {
  const text = (value ?? '').trim().replace(/,/g, '');
  if (text === '') return null;
  const match = MONEY.exec(text);
  if (!match || (match[2] === '' && match[3] === undefined)) return undefined;
  const cents = Number(match[2] || '0') * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}
