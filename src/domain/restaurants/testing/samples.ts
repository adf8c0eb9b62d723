import fs from 'node:fs';
import path from 'node:path';

/** The shared folder beside the repository; tests that read it skip when it is absent. */
export const REPO_ROOT = path.resolve(__dirname, '../../../..');
export const SHARED_DIR = path.resolve(REPO_ROOT, '../shared');
const RESTAURANTS = path.join(SHARED_DIR, 'data/nyc/restaurants');

export const SAMPLES = {
  /** SODA API CSV, 3,667 rows, extract date 2026-04-10. */
  api: path.join(RESTAURANTS, 'dohmh_inspections_api_dev_20260410.csv'),
  /** Portal export CSV, 561 rows, extract date 2024-10-09. */
  export: path.join(RESTAURANTS, 'dohmh_inspections_export_561_20241009.csv'),
};

export const samplesPresent = fs.existsSync(SAMPLES.api) && fs.existsSync(SAMPLES.export);

/** `describe` when the real samples are there, `describe.skip` otherwise. */
export const describeWithSamples: jest.Describe = samplesPresent ? describe : describe.skip;
