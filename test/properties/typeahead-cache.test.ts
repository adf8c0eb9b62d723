import { PROPERTIES } from '../../ingest/families';
import { describeTypeaheadCache } from '../support/typeahead-cache';
import { ingestSearchLots } from './search-support';

describeTypeaheadCache('the address typeahead’s answer cache', {
  family: PROPERTIES,
  index: 'properties',
  path: '/api/v1/properties/search',
  lineOf: (lot) => `${lot.bbl} ${lot.address}`,
  load: async (store) =>
    void (await ingestSearchLots(store, [
      { bbl: '1008350041', address: '350 5 AVENUE', zip: '10118' },
      { bbl: '1008350042', address: '352 5 AVENUE', zip: '10118' },
    ])),
  q: '350 5 av',
  answer: ['1008350041 350 5 AVENUE', '1008350042 352 5 AVENUE'],
  // A lot's address changed.
  change: async (store) =>
    void (await ingestSearchLots(store, [
      { bbl: '1008350041', address: '350 5 AVENUE', zip: '10118' },
      { bbl: '1008350042', address: '354 5 AVENUE', zip: '10118' },
    ])),
  changed: ['1008350041 350 5 AVENUE', '1008350042 354 5 AVENUE'],
  rebuiltQ: '350 5 avenue',
  rebuilt: ['1008350041 350 5 AVENUE', '1008350042 354 5 AVENUE'],
});
