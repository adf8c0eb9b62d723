import { clockOn, lot, withCurrentEvidence } from '../testing/lots';
import { DEADLINE_KINDS, DEADLINE_RULES, deadlinesFor, filterDeadlines, parseDeadlineStatuses, type DeadlineItem } from '.';

/** A pre-war 40-unit elevator building of 12 stories on a block ending 4, in Brooklyn CD 2 (gas piping due 2025): PLUTO only. */
const prewarPluto = lot({ numfloors: 12, bldgclass: 'D1', unitsres: 40, bldgarea: 48_000, block: 834, cd: 302, yearbuilt: 1928 });
/** The same lot where every filing dataset is loaded, known complete to the day asked, and shows only its HPD registration. */
const prewarFilings = lot({
  ...prewarPluto,
  facadeFilings: [],
  elevatorDevices: [],
  boilerReports: [],
  benchmarkingSubmissions: [],
  hpdRegistrations: [{ lastRegistrationDate: '2024-08-01', registrationEndDate: '2025-09-01' }],
  bedbugFilings: [],
  coolingTowers: [],
});
const prewarTower = withCurrentEvidence(prewarFilings, '2025-06-01');

describe('the deadline calendar of a lot', () => {
  it('has one rule per kind, in the order of the kinds', () => {
    expect(DEADLINE_RULES.map((rule) => rule.kind)).toEqual([...DEADLINE_KINDS]);
  });

  it('lists nothing for a detached one-family house', () => {
    expect(deadlinesFor(lot(), clockOn('2025-06-01'))).toEqual([]);
  });

  /** 4006070014 as PLUTO gives it: vacant land (V0, landuse 11), no building, no floors, no floor area. */
  const vacant = lot({ bbl: '4006070014', bldgclass: 'V0', numbldgs: 0, numfloors: 0, unitsres: 0, bldgarea: 0, cd: 402, block: 607, yearbuilt: null });
  const kinds = (facts: Parameters<typeof deadlinesFor>[0]) => deadlinesFor(facts, clockOn('2025-06-01')).map((item) => item.kind);

  it('lists no building obligation for a lot with no building, whether or not the filing datasets are loaded', () => {
    expect(kinds(vacant)).toEqual([]);
    expect(kinds({ ...vacant, numbldgs: null })).toEqual([]);
    expect(kinds({ ...vacant, facadeFilings: [], elevatorDevices: [], boilerReports: [], hpdRegistrations: [], bedbugFilings: [], coolingTowers: [] })).toEqual([]);
  });

  it('lists them for the same lot with one building, or with a building count PLUTO does not give', () => {
    const store = { ...vacant, bldgclass: 'K1', numbldgs: 1, numfloors: 1, bldgarea: 5_000 };
    expect(kinds(store)).toEqual(['cooling_tower', 'gas_piping', 'parapet_observation', 'backflow_test']);
    expect(kinds({ ...store, numbldgs: null })).toEqual(kinds(store));
  });

  it('still lists what a city dataset shows on a lot PLUTO reads as vacant (PLUTO lags new buildings)', () => {
    const built = { ...vacant, boilerReports: [{ boilerId: 'B1', reportYear: 2024, inspectionDate: '2024-03-01', defectsExist: false, reportStatus: 'Accepted' }], coolingTowers: [{ towerId: 'CT1', status: 'Active', registeredOn: '2016-01-10', lastCertifiedOn: '2024-10-15' }] };
    expect(kinds(built)).toEqual(['cooling_tower', 'boiler_inspection']);
  });

  it('lists what applies, by due date (no date last), then kind', () => {
    const items = deadlinesFor(prewarTower, clockOn('2025-06-01'));
    expect(items.map((item) => [item.kind, item.dueDate, item.status])).toEqual([
      ['facade_filing', '2022-02-21', 'overdue'],
      ['bedbug_report', '2024-12-31', 'overdue'],
      ['boiler_inspection', '2025-01-14', 'overdue'],
      ['benchmarking', '2025-05-01', 'overdue'],
      ['lead_paint_xrf', '2025-08-09', 'unverifiable'],
      ['hpd_registration', '2025-09-01', 'ok'],
      ['energy_grade_label', '2025-10-31', 'unverifiable'],
      ['gas_piping', '2025-12-31', 'unverifiable'],
      ['parapet_observation', '2025-12-31', 'unverifiable'],
      ['lead_paint_notice', '2026-01-16', 'unverifiable'],
      ['emissions', '2026-05-01', 'unverifiable'],
      ['backflow_test', null, 'unverifiable'],
    ]);
  });

  it('serves a lot whose filing datasets are not loaded as reminders with the dates the law sets, never overdue', () => {
    const items = deadlinesFor(prewarPluto, clockOn('2025-06-01'));
    expect(items.map((item) => [item.kind, item.dueDate, item.status])).toEqual([
      ['lead_paint_xrf', '2025-08-09', 'unverifiable'],
      ['hpd_registration', '2025-09-01', 'unverifiable'],
      ['energy_grade_label', '2025-10-31', 'unverifiable'],
      ['cooling_tower', '2025-11-01', 'unverifiable'],
      ['bedbug_report', '2025-12-31', 'unverifiable'],
      ['gas_piping', '2025-12-31', 'unverifiable'],
      ['parapet_observation', '2025-12-31', 'unverifiable'],
      ['boiler_inspection', '2026-01-14', 'unverifiable'],
      ['elevator_periodic', '2026-01-14', 'unverifiable'],
      ['lead_paint_notice', '2026-01-16', 'unverifiable'],
      ['elevator_cat1', '2026-01-21', 'unverifiable'],
      ['benchmarking', '2026-05-01', 'unverifiable'],
      ['emissions', '2026-05-01', 'unverifiable'],
      ['facade_filing', '2027-02-21', 'unverifiable'],
      ['backflow_test', null, 'unverifiable'],
      ['elevator_cat5', null, 'unverifiable'],
    ]);
    for (const item of items) expect(item).toMatchObject({ verifiable: false, lastEvidenceAt: null });
  });

  it('serves every field of the Deadline item; reminders say so and carry no evidence', () => {
    for (const item of deadlinesFor(prewarTower, clockOn('2025-06-01'))) {
      expect(Object.keys(item).sort()).toEqual(['basis', 'dueDate', 'evidenceAsOf', 'evidenceDataset', 'guideUrl', 'kind', 'label', 'lastEvidenceAt', 'penalty', 'status', 'verifiable', 'whatToDo']);
      // A reminder no data set can confirm rests on none; a verifiable item on its list's data set.
      const rule = DEADLINE_RULES.find((candidate) => candidate.kind === item.kind)!;
      if (!rule.verifiable) expect(item).toMatchObject({ evidenceDataset: null, evidenceAsOf: null });
      else expect(item).toMatchObject({ evidenceDataset: `test-${rule.evidence[0]}`, evidenceAsOf: '2025-06-01' });
      expect(item.basis.length).toBeGreaterThan(40);
      if (item.guideUrl !== null) expect(item.guideUrl).toMatch(/^https?:\/\/[\w.]*nyc\.gov\//);
      if (!item.verifiable) expect(item).toMatchObject({ status: 'unverifiable', lastEvidenceAt: null });
      if (item.verifiable) expect(item.status).not.toBe('unverifiable');
    }
  });

  it('reads a missing filing as overdue only where its data set is known complete to the due date; otherwise a reminder saying how far it goes', () => {
    // The same filings, each list's data set complete only to 2020-06-30 (the newest record of an old copy), the HPD registrations to today.
    const sources = Object.fromEntries(Object.entries(prewarTower.evidenceSources!).map(([list, source]) => [list, { ...source, asOf: list === 'hpdRegistrations' ? '2025-06-01' : '2020-06-30' }]));
    const items = new Map<string, DeadlineItem>(deadlinesFor({ ...prewarTower, evidenceSources: sources }, clockOn('2025-06-01')).map((item) => [item.kind, item]));
    // 2022-02-21 is after 2020-06-30: the facade report of cycle 9 may have been filed since.
    expect(items.get('facade_filing')).toMatchObject({ status: 'unverifiable', verifiable: false, dueDate: '2022-02-21', evidenceDataset: 'test-facadeFilings', evidenceAsOf: '2020-06-30' });
    expect(items.get('facade_filing')!.basis).toContain('The test facadeFilings file loaded here is known complete only to 2020-06-30, before the due date 2022-02-21, so it cannot show whether this was done');
    for (const kind of ['bedbug_report', 'boiler_inspection', 'benchmarking']) expect(items.get(kind)).toMatchObject({ status: 'unverifiable', verifiable: false });
    // What the filings show as done stands whatever the copy's age.
    expect(items.get('hpd_registration')).toMatchObject({ status: 'ok', verifiable: true, evidenceAsOf: '2025-06-01' });
    // Complete to the due date itself is enough.
    const onDue = { ...sources, facadeFilings: { ...sources.facadeFilings, asOf: '2022-02-21' } };
    expect(deadlinesFor({ ...prewarTower, evidenceSources: onDue }, clockOn('2025-06-01')).find((item) => item.kind === 'facade_filing')).toMatchObject({ status: 'overdue', verifiable: true });
    // A list with no source is known complete to no day.
    expect(deadlinesFor(prewarFilings, clockOn('2025-06-01')).filter((item) => item.status === 'overdue')).toEqual([]);
  });

  it('reads the clock\'s UTC day', () => {
    const facts = lot({ unitsres: 3, bldgclass: 'C0', hpdRegistrations: [{ lastRegistrationDate: '2024-08-01', registrationEndDate: '2025-09-01' }] });
    const status = (instant: string) => deadlinesFor(facts, new Date(instant)).find((item) => item.kind === 'hpd_registration')?.status;
    expect(status('2025-09-01T23:59:59Z')).toBe('due_soon');
    expect(status('2025-09-01T21:00:00-04:00')).toBe('action_needed'); // already September 2 in UTC
  });

  it('says where a fact is unconfirmed', () => {
    const basis = (kind: string) => DEADLINE_RULES.find((rule) => rule.kind === kind)?.basis ?? '';
    for (const kind of ['gas_piping', 'elevator_cat5', 'parapet_observation', 'emissions', 'energy_audit', 'lead_paint_notice', 'benchmarking']) expect(basis(kind)).toContain('[U]');
    for (const kind of ['facade_filing', 'boiler_inspection', 'bedbug_report', 'cooling_tower']) expect(basis(kind)).toContain('[T]');
  });
});

describe('the status and dueBefore filter', () => {
  const items = deadlinesFor(prewarTower, clockOn('2025-06-01'));

  it('parses the comma list, refusing anything that is not a status', () => {
    expect(parseDeadlineStatuses('overdue,due_soon')).toEqual(['overdue', 'due_soon']);
    expect(parseDeadlineStatuses(' ok ')).toEqual(['ok']);
    expect(parseDeadlineStatuses('overdue,late')).toBeNull();
    expect(parseDeadlineStatuses('')).toBeNull();
  });

  it('keeps the listed statuses, in order', () => {
    expect(filterDeadlines(items, { status: ['overdue', 'ok'] }).map((item) => item.kind)).toEqual(['facade_filing', 'bedbug_report', 'boiler_inspection', 'benchmarking', 'hpd_registration']);
  });

  it('keeps obligations due on or before the date, leaving out those with no date', () => {
    expect(filterDeadlines(items, { dueBefore: '2025-05-01' }).map((item) => item.kind)).toEqual(['facade_filing', 'bedbug_report', 'boiler_inspection', 'benchmarking']);
    expect(filterDeadlines(items, { dueBefore: '2099-01-01' })).toHaveLength(items.length - 1);
    expect(filterDeadlines(items, { status: ['unverifiable'], dueBefore: '2025-12-31' }).map((item) => item.kind)).toEqual(['lead_paint_xrf', 'energy_grade_label', 'gas_piping', 'parapet_observation']);
    expect(filterDeadlines(items, {})).toEqual(items);
  });
});
