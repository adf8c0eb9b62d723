import path from 'node:path';
import { NYC_DATA_DIR, nycDataPresent } from '../../../src/nyc/testing/shared-data';
import type { DatasetSpec, SourceItem } from '../dataset';
import { fileSource, withoutRecord } from '../source';
import { DOB_COMPLAINTS } from './complaints';
import { ELEVATORS, elevatorUnknownValues } from './elevators';
import { ENERGY_BENCHMARKING, ENERGY_GRADES, municipalUnknownValues } from './energy';
import { FACADE_FILINGS } from './facades';
import { HPD_REGISTRATIONS } from './hpd';

/** Every item of a real file, streamed (the elevator file holds 76,088 devices). */
async function read<Row>(spec: DatasetSpec<Row>, file: string, keep: (item: SourceItem<Row>) => boolean = () => true) {
  const kept: Array<SourceItem<Row>> = [];
  let count = 0;
  let ordered = true;
  let lastLine = 0;
  for await (const item of fileSource(spec, path.join(NYC_DATA_DIR, 'properties', file)).items) {
    count += 1;
    ordered &&= item.line > lastLine;
    lastLine = item.line;
    if (keep(item)) kept.push(withoutRecord(item));
  }
  expect(ordered).toBe(true);
  return { count, kept };
}

const isRejection = <Row>(item: SourceItem<Row>) => 'reason' in item;
const present = (file: string) => (nycDataPresent(`properties/${file}`) ? it : it.skip);

describe('compliance-evidence sources on the real files', () => {
  present('elevator_devices_2015__converted.csv')('elevators 2015: 76,088 devices, 27 with neither a lot nor a BIN rejected, 29 joined by BIN, unreadable record dates named', async () => {
    const unknown = new Map<string, number>();
    const { count, kept } = await read(ELEVATORS, 'elevator_devices_2015__converted.csv', (item) => {
      if ('row' in item) for (const value of elevatorUnknownValues(item.row)) unknown.set(value.split(' ')[0], (unknown.get(value.split(' ')[0]) ?? 0) + 1);
      return isRejection(item) || ('row' in item && (item.row.bbl === null || item.line === 3570 || item.line === 3));
    });
    expect(count).toBe(76_088);
    const rejections = kept.filter(isRejection);
    expect(rejections).toHaveLength(27);
    expect(rejections[0]).toEqual({ line: 2478, reason: 'no tax lot in Borough/TAX_BLOCK/TAX_LOT "/1721/63" and no BIN' });
    expect(new Set(rejections.map((item) => ('reason' in item ? item.reason.replace(/".*"/, '"…"') : '')))).toEqual(new Set(['no tax lot in Borough/TAX_BLOCK/TAX_LOT "…" and no BIN']));
    const rows = kept.flatMap((item) => ('row' in item ? [item] : []));
    expect(rows.filter(({ row }) => row.bbl === null)).toHaveLength(29);
    // 1P32659: BIN 1085303, no block or lot: joined by BIN at load.
    expect(rows.find(({ row }) => row.sourceId === '1P32659')!.row).toMatchObject({ bbl: null, bin: '1085303', filedOn: '2014-12-12' });
    // 1F2661: approval date '********' is null (and named), the device still loads.
    expect(rows.find(({ line }) => line === 3570)!.row).toMatchObject({
      sourceId: '1F2661', bbl: '1006990063', bin: '1012417', status: 'A', category: 'Freight (F)',
      facts: { deviceNumber: '1F2661', deviceType: 'Freight (F)', deviceStatus: 'A', deviceStatusDescription: 'ACTIVE', periodicLatestInspection: '2015-05-11', periodicDisposition: 'DF', approvedOn: null, statusOn: '2012-02-08' },
    });
    expect(rows.find(({ line }) => line === 3)!.row).toMatchObject({ sourceId: '1D10000', bbl: '1005250056', bin: '1008273', filedOn: '2014-03-25' });
    expect(unknown.get('DV_APPROVAL_DATE')).toBeGreaterThan(0);
    expect(unknown.get('DV_STATUS_DATE')).toBe(1);
  });

  present('facade_hazardous_reinspections__nycdob.csv')('facade re-inspections: all 791 rows (unescaped quotes inside fields), borough from the BIN, 5-digit blocks', async () => {
    const { count, kept } = await read(FACADE_FILINGS, 'facade_hazardous_reinspections__nycdob.csv');
    expect(count).toBe(791);
    expect(kept.filter(isRejection)).toEqual([]);
    const rows = kept.flatMap((item) => ('row' in item ? [item] : []));
    expect(rows[0]).toEqual({
      line: 2,
      row: expect.objectContaining({
        sourceId: '323775', bbl: '1000177502', bin: '1000792', filedOn: '2020-09-23', status: 'Compliance', category: '1E4',
        facts: { ecbNumber: '35458313N', issuedOn: '2020-01-17', assignedOn: '2020-09-15', reinspectedOn: '2020-09-23', attemptResult: 'Compliance' },
      }),
    });
    const quoted = rows.find(({ line }) => line === 37)!.row;
    expect(quoted).toMatchObject({ sourceId: '318703', bbl: '1004750005', status: 'Not In Compliance' });
    expect(quoted.fields.vio_inspector_description).toMatch(/^ON 1\/28\/20\.NO EVIDENCE OF "ERODING BRICK MORTAR JOINTS/);
    expect(new Set(rows.map(({ row }) => row.facts.ecbNumber)).size).toBe(609);
  });

  present('dob_complaints__nycdb.csv')('DOB complaints: 100 rows, every one naming only its BIN', async () => {
    const { count, kept } = await read(DOB_COMPLAINTS, 'dob_complaints__nycdb.csv');
    expect(count).toBe(100);
    expect(kept.filter(isRejection)).toEqual([]);
    expect(kept.every((item) => 'row' in item && item.row.bbl === null && item.row.bin !== null)).toBe(true);
    expect(kept[0]).toMatchObject({ line: 2, row: { sourceId: '4483428', bin: '4298330', filedOn: '2011-06-08', status: 'CLOSED', category: '05', fields: { house_number: '10', house_street: 'MUHLEBACH COURT' } } });
  });

  present('ll84_municipal_2021.csv')('LL84 municipal 2021: 3,065 buildings, placeholder and Not Available BINs as none, PDF-shifted metric cells null and named', async () => {
    const unknown: string[] = [];
    const { count, kept } = await read(ENERGY_BENCHMARKING, 'll84_municipal_2021.csv', (item) => {
      if ('row' in item) unknown.push(...municipalUnknownValues(item.row));
      return true;
    });
    expect(count).toBe(3065);
    expect(kept.filter(isRejection)).toEqual([]);
    const rows = kept.flatMap((item) => ('row' in item ? [item.row] : []));
    expect(rows[0]).toMatchObject({
      sourceId: '1000010010|1086435|M871', bbl: '1000010010', bin: '1086435', category: 'DOE',
      facts: { building: 'M871', agency: 'DOE', years: [{ year: 2010, energyStarScore: null, sourceEui: null, ghgIntensity: null }, { year: 2021, energyStarScore: null, sourceEui: 322.5, ghgIntensity: 8.5 }] },
    });
    // BIN 1999999 on the same lot: a placeholder, the building is told apart by its name.
    expect(rows[1]).toMatchObject({ sourceId: "1000010010|1999999|SBS Governor's Island", bin: null });
    expect(rows.filter((row) => row.bin === null).length).toBe(338 + 45 + 26 + 17 + 10 + 8 + 7);
    // Rows shifted by the PDF parse (line 214: 'William,E.,Macaulay,Honors,College,CUNY,SC,>'), counted per column.
    expect(unknown.filter((value) => value === '2021_source_eui_kbtu_ft "not a number"')).toHaveLength(134);
    expect(new Set(rows.map((row) => row.sourceId)).size).toBe(3065 - 168);
  });

  present('ll33_energy_grades_2020_cbl.csv')('LL33 2020 grades: 18,871 lots, one per BBL, grades A-D', async () => {
    const grades = new Map<string, number>();
    const { count, kept } = await read(ENERGY_GRADES, 'll33_energy_grades_2020_cbl.csv', (item) => {
      if ('row' in item) grades.set(item.row.facts.grade!, (grades.get(item.row.facts.grade!) ?? 0) + 1);
      return isRejection(item) || item.line === 2;
    });
    expect(count).toBe(18_871);
    expect(kept).toEqual([{ line: 2, row: expect.objectContaining({ sourceId: '3017620041', bbl: '3017620041', category: 'A', facts: { grade: 'A', grossFloorArea: 47126, energyStarScore: 95 } }) }]);
    expect(Object.fromEntries(grades)).toEqual({ A: 4076, B: 3350, C: 3174, D: 8271 });
  });

  present('hpd_registrations__nycdb.csv')('HPD registrations: 100 rows, unpadded BoroID/Block/Lot, the placeholder BIN 3000000 as none, a blank registration date', async () => {
    const { count, kept } = await read(HPD_REGISTRATIONS, 'hpd_registrations__nycdb.csv');
    expect(count).toBe(100);
    expect(kept.filter(isRejection)).toEqual([]);
    const byLine = new Map(kept.flatMap((item) => ('row' in item ? [[item.line, item.row] as const] : [])));
    expect(byLine.get(2)).toMatchObject({ sourceId: '336228', bbl: '3061760029', bin: '3157552', filedOn: '2017-08-07', endOn: '2018-09-01', facts: { registrationId: '336228', buildingId: '168059' } });
    expect(byLine.get(45)).toMatchObject({ sourceId: '380789', bbl: '3025750046', bin: null });
    expect(byLine.get(40)).toMatchObject({ sourceId: '401579', filedOn: null, endOn: '2014-09-01' });
  });
});
