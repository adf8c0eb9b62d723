/**
 * A BBL being typed in the address box: the first digits of the 10-digit BBLs it may
 * become, or null. Borough code (1-5) and the whole block at least, so a house number is
 * never read as one:
 * - digits only, 6 to 9 of them (`100835`, `10083500`): the digits as typed, the block
 *   zero-padded to 5 as the city writes it;
 * - borough, a separator (`-`, `/` or spaces) and the block, padded or not, optionally
 *   followed by a separator (`1-00835`, `1-835`, `1 835-`): borough and the padded block.
 * A whole BBL (`1-00835-0041`, `1008350041`, `1 835 41`) is parseBbl's, read first.
 */
export function parseBblPrefix(text: string | null | undefined): string | null {
  const value = (text ?? '').trim();
  const digits = /^([1-5]\d{5,8})$/.exec(value);
  if (digits) return digits[1];
  const separated = /^([1-5])[\s/-]+(\d{1,5})[\s/-]*$/.exec(value);
  if (!separated || Number(separated[2]) === 0) return null;
  return `${separated[1]}${separated[2].padStart(5, '0')}`;
}
