import { RESTAURANTS } from '../../ingest/families';
import { describeTypeaheadCache } from '../support/typeahead-cache';
import { EstablishmentSpec, ingestEstablishments } from './support';

const est = (camis: string, name: string): EstablishmentSpec => ({ camis, name, zip: '10001', building: '12', street: 'WEST 34 STREET' });

describeTypeaheadCache('the restaurant typeahead’s answer cache', {
  family: RESTAURANTS,
  index: 'restaurants',
  path: '/api/v1/restaurants/search',
  lineOf: (item) => String(item.name),
  load: async (store) => void (await ingestEstablishments(store, [est('41000001', 'QUILLFEATHER DINER'), est('41000002', 'QUILLFEATHER BAKERY')])),
  q: 'quillfeather',
  answer: ['QUILLFEATHER BAKERY', 'QUILLFEATHER DINER'],
  // A rename.
  change: async (store) => void (await ingestEstablishments(store, [est('41000001', 'QUILLFEATHER DINER'), est('41000002', 'QUILLFEATHER PATISSERIE')])),
  changed: ['QUILLFEATHER DINER', 'QUILLFEATHER PATISSERIE'],
  rebuiltQ: 'quillfeather d',
  rebuilt: ['QUILLFEATHER DINER'],
});
