import fs from 'node:fs';
import path from 'node:path';
import { datasetSchedules } from './datasets/schedule';
import { DATASETS } from './families';

describe("the dataset registry (every family's data sets)", () => {
  it('names each data set once and lists it after every data set it follows', () => {
    const names = DATASETS.map((dataset) => dataset.name);
    expect(new Set(names).size).toBe(names.length);
    DATASETS.forEach((dataset, at) => {
      for (const first of dataset.follows) expect([dataset.name, first, names.indexOf(first)]).toEqual([dataset.name, first, expect.any(Number)]);
      for (const first of dataset.follows) expect([dataset.name, first, names.indexOf(first) < at]).toEqual([dataset.name, first, true]);
    });
  });

  it('gives a portal id to every data set a sync reads incrementally, and takes no record table from outside this schema', () => {
    for (const dataset of DATASETS) {
      if (dataset.incremental) expect([dataset.name, dataset.socrataId]).toEqual([dataset.name, expect.stringMatching(/^[a-z0-9]{4}-[a-z0-9]{4}$/)]);
      expect(dataset.records.table).toMatch(/^[a-z_]+$/);
    }
  });

  it('is the table README shows, row for row', () => {
    const readme = fs.readFileSync(path.resolve(__dirname, '../README.md'), 'utf8');
    const rows = readme.split('\n').filter((line) => /^\| `[a-z0-9-]+` \(/.test(line));
    expect(rows.map((line) => /^\| `([a-z0-9-]+)`/.exec(line)![1])).toEqual(DATASETS.map((dataset) => dataset.name));
    for (const dataset of DATASETS) {
      const row = rows.find((line) => line.startsWith(`| \`${dataset.name}\``))!;
      expect(row).toContain(dataset.socrataId ? `\`${dataset.socrataId}\`` : '| file |');
      expect(row).toContain(`| ${dataset.cadence} |`);
    }
  });

  it('schedules every data set the portal publishes, and nothing else, each on a queue of its own', () => {
    const schedules = datasetSchedules(DATASETS);
    expect([...new Set(schedules.map((schedule) => schedule.dataset))]).toEqual(DATASETS.filter((dataset) => dataset.socrataId !== null).map((dataset) => dataset.name));
    const queues = schedules.map((schedule) => schedule.queue);
    expect(new Set(queues).size).toBe(queues.length);
  });
});
