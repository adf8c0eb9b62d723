import { Random } from '../ingest/generate/random';
import { type OwnerName, ownerAsTyped, ownerKeystrokes } from './scenarios/owners';

/** What the portfolio-search scenario types (bench/scenarios/owners.ts), without services. */

const names: OwnerName[] = [
  { name: "SALVATORE D'AVOLA", kind: 'person', portfolioId: '1', lots: 600 },
  { name: 'JOSE DE LA CRUZ', kind: 'person', portfolioId: '2', lots: 300 },
  { name: '2 EAST 26 STREET 10010', kind: 'address', portfolioId: '1', lots: 600 },
  { name: '20 EAST 11 STREET OWNER LLC', kind: 'corporation', portfolioId: '1', lots: 600 },
  ...Array.from({ length: 200 }, (_, i) => ({ name: `OWNER NUMBER${i}`, kind: 'person' as const, portfolioId: String(100 + i), lots: 1 })),
];

describe('owner keystrokes', () => {
  it('types names, surnames alone, addresses without their ZIP (often abbreviated) and corporations without their legal form', () => {
    const random = new Random(3);
    const typed = new Set(Array.from({ length: 200 }, () => ownerAsTyped(names[0], random)));
    expect([...typed].every((text) => ['salvatore davola', "salvatore d'avola", 'davola', "d'avola"].includes(text))).toBe(true);
    expect(typed.has('davola') || typed.has("d'avola")).toBe(true);
    const surname = new Set(Array.from({ length: 50 }, () => ownerAsTyped(names[1], random)));
    expect(surname.has('de la cruz')).toBe(true);
    const addresses = new Set(Array.from({ length: 50 }, () => ownerAsTyped(names[2], random)));
    expect(addresses).toEqual(new Set(['2 east 26 street', '2 e 26 st']));
    expect(ownerAsTyped(names[3], random)).toBe('20 east 11 street owner');
  });

  it('sends keystrokes of at least 3 characters, the large landlords most, deterministically', () => {
    const keys = ownerKeystrokes(names, 5000, 7, 10);
    expect(keys).toHaveLength(5000);
    expect(keys.every((q) => q.trim().length >= 3)).toBe(true);
    expect(ownerKeystrokes(names, 5000, 7, 10)).toEqual(keys);
    const big = keys.filter((q) => /^(sa|da|d'|2 |20)/.test(q)).length;
    const small = keys.filter((q) => q.startsWith('owner number1')).length;
    expect(big).toBeGreaterThan(small);
  });
});
