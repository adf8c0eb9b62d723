import { Readable } from 'node:stream';
import { readCsvRecords } from '../csv-records';
import { DatasetSpec, SourceItem } from '../dataset';
import { typedItems, withoutRecord } from '../source';
import { DOB_COMPLAINTS } from './complaints';
import { ELEVATORS } from './elevators';

/** The rows of a CSV text read through a dataset spec. */
export async function readCsv<Row>(spec: DatasetSpec<Row>, text: string): Promise<Array<SourceItem<Row>>> {
  const items: Array<SourceItem<Row>> = [];
  for await (const item of typedItems(spec, readCsvRecords(Readable.from([text]), spec))) items.push(withoutRecord(item));
  return items;
}

describe('lot or building of a row', () => {
  const HEADER = 'DV_DEVICE_NUMBER,Device Status,BIN,TAX_BLOCK,TAX_LOT,Borough,Device Type,DV_LASTPER_INSP_DATE';
  it('a lot from borough/block/lot with its BIN; a row with no readable lot but a real BIN is kept to join by BIN; neither rejects', async () => {
    const items = await readCsv(ELEVATORS, [
      HEADER,
      '1P1,A,1012417,699,63,Manhattan,Passenger Elevator (P),20150511',
      '1P2,A,1085303,,,Manhattan,Passenger Elevator (P),20141212',
      '1P3,A,3081044,5133,0007T,Brooklyn,Freight (F),',
      '1P4,A,,1721,63,,Escalator (E),',
      '1P5,A,1000000,99999,99999,,Freight (F),',
      '1P6,A,1999999,,,Manhattan,Freight (F),',
      '1P7,A,1012417,699,63,Manhattan,Freight (F),2015-13-01',
    ].join('\n'));
    expect(items).toEqual([
      { line: 2, row: expect.objectContaining({ sourceId: '1P1', bbl: '1006990063', bin: '1012417', filedOn: '2015-05-11' }) },
      { line: 3, row: expect.objectContaining({ sourceId: '1P2', bbl: null, bin: '1085303' }) },
      { line: 4, row: expect.objectContaining({ sourceId: '1P3', bbl: null, bin: '3081044' }) },
      { line: 5, reason: 'no tax lot in Borough/TAX_BLOCK/TAX_LOT "/1721/63" and no BIN' },
      { line: 6, reason: 'no tax lot in Borough/TAX_BLOCK/TAX_LOT "/99999/99999" and no BIN' },
      { line: 7, reason: 'no tax lot in Borough/TAX_BLOCK/TAX_LOT "Manhattan//" and no BIN' },
      { line: 8, reason: 'unreadable DV_LASTPER_INSP_DATE "2015-13-01"' },
    ]);
  });

  it('a BIN-only dataset keeps the BIN and needs one (placeholders are none)', async () => {
    const header = 'Complaint Number,Status,Date Entered,House Number,ZIP Code,House Street,BIN,Community Board,Special District,Complaint Category,Unit,Disposition Date,Disposition Code,Inspection Date,DOBRunDate';
    const items = await readCsv(DOB_COMPLAINTS, [
      header,
      '1347475,CLOSED,04/23/2013,157         ,,BROOME STREET                   ,1004077,103,   ,23,SCFLD,04/25/2013,A8,04/25/2013,04/26/2013 12:00:00 AM',
      '1347476,ACTIVE,04/23/2013,157,,BROOME STREET,1000000,103,,23,SCFLD,,,,04/26/2013 12:00:00 AM',
      '1347477,ACTIVE,31/04/2013,157,,BROOME STREET,1004077,103,,23,SCFLD,,,,04/26/2013 12:00:00 AM',
    ].join('\n'));
    expect(items).toEqual([
      {
        line: 2,
        row: {
          sourceId: '1347475', bbl: null, bin: '1004077', filedOn: '2013-04-23', endOn: null, status: 'CLOSED', category: '23',
          facts: { dispositionDate: '2013-04-25', dispositionCode: 'A8', inspectionDate: '2013-04-25' },
          // Padding made one space, blanks and the export's run date left out.
          fields: {
            complaint_number: '1347475', status: 'CLOSED', date_entered: '04/23/2013', house_number: '157', house_street: 'BROOME STREET', bin: '1004077',
            community_board: '103', complaint_category: '23', unit: 'SCFLD', disposition_date: '04/25/2013', disposition_code: 'A8', inspection_date: '04/25/2013',
          },
        },
      },
      { line: 3, reason: 'no BIN in "1000000"' },
      { line: 4, reason: 'unreadable Date Entered "31/04/2013"' },
    ]);
  });
});
