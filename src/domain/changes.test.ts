import { type ChangeKinds, changeVocabulary } from './changes';

const part = (family: string, kinds: Record<string, string>): ChangeKinds<object> => ({ family, collection: `${family}s`, idParam: 'id', entityId: family, state: '', kinds, compare: () => [] });

describe('changeVocabulary', () => {
  it('lists every kind once in order of first declaration, and a shared kind means each family its own thing', () => {
    const vocabulary = changeVocabulary([part('lot', { added: 'more rows', resolved: 'fewer open' }), part('company', { filed: 'a filing', resolved: 'tickets closed' })]);
    expect(vocabulary.families).toEqual(['lot', 'company']);
    expect(vocabulary.kinds).toEqual(['added', 'resolved', 'filed']);
    expect(vocabulary.meanings.resolved).toBe('lot: fewer open; company: tickets closed');
  });
});
