/**
 * A lot's slug (docs/decisions.md, Properties): lowercase kebab of its primary address
 * and borough, then the BBL: `148-11 58 AVENUE`, Queens, 4064210038 ->
 * `148-11-58-avenue-queens-4064210038`. A lot with no address: `queens-4064210038`. The BBL
 * is the key; the slug is for the public page, so only ASCII letters and digits survive
 * (accents folded, every other run of characters one hyphen).
 */
export function propertySlug(lot: { bbl: string; address: string | null; borough: string }): string {
  const kebab = (text: string | null) =>
    (text ?? '')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  return [kebab(lot.address), kebab(lot.borough), lot.bbl].filter(Boolean).join('-');
}
