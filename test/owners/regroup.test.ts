import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HPD_CONTACTS_LOAD, HPD_REGISTRATIONS_LOAD, OWNERS } from '../../ingest/families';
import { verifyStores } from '../../ingest/index/verify';
import { startTestApi, TestApi } from '../support/api';
import { ingestFile } from '../support/ingest-file';

/**
 * Portfolios follow the loads of HPD registrations and contacts: a load regroups the city in
 * its own transaction, a portfolio that no longer forms is dissolved (no longer served or
 * found), and Elasticsearch agrees with Postgres after each load.
 */
const REGISTRATIONS = [
  'RegistrationID,BuildingID,BoroID,Boro,HouseNumber,LowHouseNumber,HighHouseNumber,StreetName,StreetCode,Zip,Block,Lot,BIN,CommunityBoard,LastRegistrationDate,RegistrationEndDate',
  '900001,1,1,MANHATTAN,1,1,1,EXAMPLE STREET,1,10001,100,1,1000001,1,01/15/2026,09/01/2026',
  '900002,2,1,MANHATTAN,3,3,3,EXAMPLE STREET,1,10001,100,2,1000002,1,01/15/2026,09/01/2026',
  '900003,3,2,BRONX,5,5,5,SAMPLE AVENUE,1,10451,200,3,2000003,1,01/15/2026,09/01/2026',
].join('\n');
const HEADER = 'RegistrationContactID,RegistrationID,Type,ContactDescription,CorporationName,Title,FirstName,MiddleInitial,LastName,BusinessHouseNumber,BusinessStreetName,BusinessApartment,BusinessCity,BusinessState,BusinessZip';
const contact = (id: string, registration: string, type: string, first: string, last: string, house: string, street: string, zip: string) =>
  `${id},${registration},${type},,,,${first},,${last},${house},${street},,NEW YORK,NY,${zip}`;

describe('portfolios regrouped by the HPD loads', () => {
  let api: TestApi;
  let dir: string;
  beforeAll(async () => {
    api = await startTestApi();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'owners-'));
  });
  afterAll(async () => {
    await api.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, `${text}\n`);
    return file;
  };
  const live = (p: string) => api.get(p, { key: api.keys.live });
  // The owners' changes recorded since the last call, as [kind, portfolio, detail].
  let lastChange: string | null = null;
  const ownerChanges = async () => {
    const { body } = await live(`/api/v1/changes?family=owner&limit=500${lastChange ? `&after=${lastChange}` : ''}`);
    if (body.data.length) lastChange = body.data[body.data.length - 1].id;
    return body.data.map((change: any) => [change.kind, change.entityId, change.detail]);
  };

  it('forms, moves and dissolves portfolios as the contacts change, the index in step', async () => {
    const store = api.ns.stores.byMode.live;
    await ingestFile(store, HPD_REGISTRATIONS_LOAD, write('registrations.csv', REGISTRATIONS), new Date('2026-02-01T00:00:00Z'));
    // Registrations without their contacts prove no owner: the lot is in no portfolio.
    const unnamed = (await live('/api/v1/properties/1001000001/owners')).body.data;
    expect([unnamed.registration?.id, unnamed.contacts, unnamed.portfolio]).toEqual(['900001', [], null]);
    expect((await live('/api/v1/portfolios/1001000001')).status).toBe(404);
    // The store's first grouping (each lot its own portfolio, naming no one: no contacts yet) is not news.
    expect(await ownerChanges()).toEqual([]);
    // One owner holds all three lots from one office.
    await ingestFile(store, HPD_CONTACTS_LOAD, write('contacts-1.csv', [
      HEADER,
      contact('1', '900001', 'HeadOfficer', 'ROSA', 'QUINTERO', '10', 'MAIN STREET', '10002'),
      contact('2', '900002', 'HeadOfficer', 'ROSA', 'QUINTERO', '10', 'MAIN ST', '10002'),
      contact('3', '900003', 'IndividualOwner', 'ROSA', 'QUINTERO', '10', 'MAIN STREET', '10002'),
    ].join('\n')), new Date('2026-02-01T00:00:00Z'));
    expect((await live('/api/v1/properties/2002000003/owners')).body.data.portfolio).toEqual({ id: '1001000001', lots: 3, unitsResidential: 0 });
    expect((await live('/api/v1/portfolios/search?q=quintero')).body.data.map((p: any) => [p.id, p.lots])).toEqual([['1001000001', 3]]);
    expect((await verifyStores(store, OWNERS)).differenceCount).toBe(0);
    // The lots' owners were unknown (their portfolios named no one): their first owners are not news.
    expect(await ownerChanges()).toEqual([]);

    // The Manhattan lots are sold to another owner: the first portfolio no longer forms.
    await ingestFile(store, HPD_CONTACTS_LOAD, write('contacts-2.csv', [
      HEADER,
      contact('1', '900001', 'HeadOfficer', 'OMAR', 'HADDAD', '77', 'PARK AVENUE', '10016'),
      contact('2', '900002', 'HeadOfficer', 'OMAR', 'HADDAD', '77', 'PARK AVENUE', '10016'),
      contact('3', '900003', 'IndividualOwner', 'ROSA', 'QUINTERO', '10', 'MAIN STREET', '10002'),
    ].join('\n')), new Date('2026-02-02T00:00:00Z'));
    expect((await live('/api/v1/properties/1001000002/owners')).body.data.portfolio).toEqual({ id: '1001000001', lots: 2, unitsResidential: 0 });
    expect((await live('/api/v1/properties/2002000003/owners')).body.data.portfolio).toEqual({ id: '2002000003', lots: 1, unitsResidential: 0 });
    expect((await live('/api/v1/portfolios/search?q=quintero')).body.data.map((p: any) => [p.id, p.lots])).toEqual([['2002000003', 1]]);
    expect((await live('/api/v1/portfolios/search?q=haddad')).body.data.map((p: any) => [p.id, p.lots])).toEqual([['1001000001', 2]]);
    expect((await verifyStores(store, OWNERS)).differenceCount).toBe(0);
    expect(await ownerChanges()).toEqual([
      ['lot_left', '1001000001', { bbl: '2002000003', from: '1001000001', to: '2002000003' }],
      ['portfolio_formed', '2002000003', { count: 1 }],
      ['lot_joined', '2002000003', { bbl: '2002000003', from: '1001000001', to: '2002000003' }],
    ]);
    // The same contacts again move no lot.
    await ingestFile(store, HPD_CONTACTS_LOAD, path.join(dir, 'contacts-2.csv'), new Date('2026-02-02T00:00:00Z'));
    expect(await ownerChanges()).toEqual([]);

    // The Bronx owner's lot is re-registered to the Manhattan buyer: the Bronx portfolio dissolves.
    await ingestFile(store, HPD_CONTACTS_LOAD, write('contacts-3.csv', [
      HEADER,
      contact('1', '900001', 'HeadOfficer', 'OMAR', 'HADDAD', '77', 'PARK AVENUE', '10016'),
      contact('2', '900002', 'HeadOfficer', 'OMAR', 'HADDAD', '77', 'PARK AVENUE', '10016'),
      contact('3', '900003', 'IndividualOwner', 'OMAR', 'HADDAD', '77', 'PARK AVENUE', '10016'),
    ].join('\n')), new Date('2026-02-03T00:00:00Z'));
    expect((await live('/api/v1/portfolios/2002000003')).status).toBe(404);
    expect((await live('/api/v1/portfolios/search?q=quintero')).body.data).toEqual([]);
    expect((await live('/api/v1/portfolios/1001000001')).body.data.totals.lots).toBe(3);
    expect((await verifyStores(store, OWNERS)).differenceCount).toBe(0);
    const last = await live(`/api/v1/changes?family=owner&kinds=portfolio_dissolved&after=${lastChange}`);
    expect(last.body.data.map((change: any) => [change.entityId, change.link])).toEqual([['2002000003', '/api/v1/portfolios/2002000003']]);
    expect(await ownerChanges()).toEqual([
      ['lot_left', '2002000003', { bbl: '2002000003', from: '2002000003', to: '1001000001' }],
      ['portfolio_dissolved', '2002000003', { count: 1 }],
      ['lot_joined', '1001000001', { bbl: '2002000003', from: '2002000003', to: '1001000001' }],
    ]);

    // A lot newly registered is in no portfolio until its contacts name its owner; then it joins from none.
    await ingestFile(store, HPD_REGISTRATIONS_LOAD, write('registrations-2.csv', `${REGISTRATIONS}\n900004,4,1,MANHATTAN,7,7,7,EXAMPLE STREET,1,10001,100,4,1000004,1,01/20/2026,09/01/2026`), new Date('2026-02-04T00:00:00Z'));
    expect(await ownerChanges()).toEqual([]);
    await ingestFile(store, HPD_CONTACTS_LOAD, write('contacts-4.csv', [
      HEADER,
      contact('1', '900001', 'HeadOfficer', 'OMAR', 'HADDAD', '77', 'PARK AVENUE', '10016'),
      contact('2', '900002', 'HeadOfficer', 'OMAR', 'HADDAD', '77', 'PARK AVENUE', '10016'),
      contact('3', '900003', 'IndividualOwner', 'OMAR', 'HADDAD', '77', 'PARK AVENUE', '10016'),
      contact('4', '900004', 'HeadOfficer', 'OMAR', 'HADDAD', '77', 'PARK AVENUE', '10016'),
    ].join('\n')), new Date('2026-02-05T00:00:00Z'));
    expect(await ownerChanges()).toEqual([['lot_joined', '1001000001', { bbl: '1001000004', from: null, to: '1001000001' }]]);
  });
});
