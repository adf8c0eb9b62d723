/** Display helpers shared by the cards, the map and the feeds. */

const DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const MONTH = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', timeZone: 'UTC' });

/** A calendar date (YYYY-MM-DD) or timestamp as "Apr 1, 2026"; dates are the city's, read in UTC so they never shift a day. */
export function day(value: string | null | undefined): string {
  if (!value) return '—';
  return DATE.format(new Date(value.length === 10 ? `${value}T00:00:00Z` : value));
}

export function month(value: string): string {
  return MONTH.format(new Date(`${value.slice(0, 7)}-01T00:00:00Z`));
}

export function dollars(cents: number): string {
  return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: cents % 100 === 0 ? 0 : 2 });
}

/** Marker and badge colours of a grade; each badge also prints the grade, so colour is never the only sign. */
export function gradeColour(grade: string | null): string {
  switch (grade) {
    case 'A':
      return '#1a7f37';
    case 'B':
      return '#9a6700';
    case 'C':
      return '#cf222e';
    default:
      return '#57606a';
  }
}

export function gradeLabel(grade: string | null): string {
  switch (grade) {
    case 'A':
    case 'B':
    case 'C':
      return `Grade ${grade}`;
    case 'Z':
      return 'Grade pending';
    case 'P':
      return 'Grade pending (reopened)';
    case 'N':
      return 'Not yet graded';
    default:
      return 'No grade';
  }
}
