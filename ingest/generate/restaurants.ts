import type { Writable } from 'node:stream';
import { PORTAL_HEADER, PortalRow, portalDate, portalLine, writeLine } from './csv-writer';
import { BOROUGH_PLACES } from './places';
import { Random } from './random';
import { RestaurantNamer, restaurantVocabulary, type RestaurantVocabulary } from './restaurant-names';
import { NON_SANITARY_TEXTS, VIOLATION_TEXTS, ViolationText } from './violation-texts';

export interface GenerateOptions {
  establishments: number;
  seed: number;
  /** The extract date: inspections fall in the three years before it. Fixed by default so a seed fully decides the file. */
  endDate?: string;
  /**
   * Where names, cuisines and streets come from (restaurant-names.ts): by default learned from
   * the city's files when they are beside the project, else the shipped word list. A seed
   * decides the file for a given vocabulary.
   */
  vocabulary?: RestaurantVocabulary;
}

const DAY_MS = 86_400_000;
const CITED = 'Violations were cited in the following area(s).';
const CLEAN = 'No violations were recorded at the time of this inspection.';
const CLOSED = 'Establishment Closed by DOHMH. Violations were cited in the following area(s) and those requiring immediate action were addressed.';
const REOPENED = 'Establishment re-opened by DOHMH.';

interface Establishment {
  camis: string;
  fields: PortalRow;
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function makeEstablishment(random: Random, index: number, namer: RestaurantNamer, vocabulary: RestaurantVocabulary): Establishment {
  const place = random.weighted(BOROUGH_PLACES.map((p) => [p, p.weight] as const));
  const { name, cuisine } = namer.next();
  const streets = vocabulary.streets.get(place.borough);
  const buildings = vocabulary.buildings.get(place.borough);
  const zip = String(random.pick(place.zips));
  // Most are geocoded; some are missing, a few carry the city's 0,0.
  const geo = random.next();
  const latitude = geo < 0.03 ? null : geo < 0.04 ? 0 : +(place.lat[0] + random.next() * (place.lat[1] - place.lat[0])).toFixed(12);
  const longitude = latitude === null ? null : latitude === 0 ? 0 : +(place.lon[0] + random.next() * (place.lon[1] - place.lon[0])).toFixed(12);
  const block = String(random.int(1, 16000)).padStart(5, '0');
  const lot = String(random.int(1, 150)).padStart(4, '0');
  return {
    camis: String(50_000_000 + index),
    fields: {
      CAMIS: String(50_000_000 + index),
      DBA: name,
      BORO: place.borough,
      BUILDING: buildings ? buildings.draw(random) : String(random.int(1, 2500)),
      STREET: streets ? streets.draw(random) : random.pick(place.streets),
      ZIPCODE: zip,
      PHONE: `${random.pick(['212', '718', '347', '646', '917'])}${String(random.int(0, 9_999_999)).padStart(7, '0')}`,
      'CUISINE DESCRIPTION': cuisine,
      Latitude: latitude,
      Longitude: longitude,
      'Community Board': `${place.code}${String(random.int(1, 12)).padStart(2, '0')}`,
      'Council District': String(random.int(1, 51)).padStart(2, '0'),
      'Census Tract': String(random.int(100, 99999)).padStart(6, '0'),
      BIN: String(place.code * 1_000_000 + random.int(1, 99999)),
      BBL: `${place.code}${block}${lot}`,
      NTA: random.pick(place.ntas),
    },
  };
}

interface Visit {
  date: string;
  type: string;
  score: number | null;
  grade: string | null;
  action: string;
  citations: ViolationText[];
}

function citationsFor(random: Random, count: number, verminProne: boolean): ViolationText[] {
  const pool = verminProne ? [...VIOLATION_TEXTS, ...VIOLATION_TEXTS.filter((v) => ['04K', '04L', '04M', '04N', '08A'].includes(v.code))] : VIOLATION_TEXTS;
  return [...new Map(random.sample(pool, count + 1).slice(0, count).map((v) => [v.code, v])).values()];
}

const scoreOf = (citations: ViolationText[], random: Random) => citations.reduce((sum, v) => sum + v.points + (v.critical === 'Critical' ? random.int(0, 3) : 0), 0);
const letter = (score: number) => (score <= 13 ? 'A' : score <= 27 ? 'B' : 'C');

/** Two to four inspection cycles over three years: initial, re-inspection when not an A, now and then a closure. */
function makeVisits(random: Random, endMs: number): Visit[] {
  const visits: Visit[] = [];
  const verminProne = random.chance(0.2);
  // Some places keep failing: their re-inspections find as much as the first visit.
  const struggling = random.chance(0.15);
  const cycles = random.weighted([[2, 4], [3, 4], [4, 2]] as const);
  const span = 3 * 365;
  const program = random.chance(0.1) ? 'Pre-permit (Operational)' : 'Cycle Inspection';
  for (let cycle = 0; cycle < cycles; cycle += 1) {
    const dayOffset = Math.floor(((cycles - cycle - 1) * span) / cycles) + random.int(20, Math.floor(span / cycles) - 20);
    let dayMs = endMs - dayOffset * DAY_MS;
    const initialCitations = citationsFor(random, random.weighted([[0, 1], [1, 2], [2, 3], [3, 4], [4, 3], [5, 2], [6, 1]] as const), verminProne);
    const initialScore = scoreOf(initialCitations, random);
    const closes = initialScore >= 28 && random.chance(0.12);
    visits.push({
      date: isoDay(dayMs),
      type: `${cycle === 0 ? program : 'Cycle Inspection'} / Initial Inspection`,
      score: initialScore,
      // Pre-permit initial visits that miss the A band are posted as N (not yet graded) now and then.
      grade: initialScore <= 13 ? 'A' : cycle === 0 && program !== 'Cycle Inspection' && random.chance(0.5) ? 'N' : null,
      action: closes ? CLOSED : initialCitations.length ? CITED : CLEAN,
      citations: initialCitations,
    });
    if (closes) {
      dayMs += random.int(1, 6) * DAY_MS;
      visits.push({ date: isoDay(dayMs), type: 'Cycle Inspection / Reopening Inspection', score: 0, grade: random.chance(0.6) ? 'P' : null, action: REOPENED, citations: [] });
    }
    if (initialScore > 13 && dayMs + 7 * DAY_MS < endMs) {
      dayMs += random.int(7, 40) * DAY_MS;
      if (dayMs >= endMs) continue;
      const citations = citationsFor(random, struggling ? random.int(3, 7) : random.weighted([[0, 2], [1, 3], [2, 2], [3, 1]] as const), verminProne);
      const score = scoreOf(citations, random);
      visits.push({
        date: isoDay(dayMs),
        type: 'Cycle Inspection / Re-inspection',
        score,
        grade: random.chance(0.06) ? 'Z' : letter(score),
        action: citations.length ? CITED : CLEAN,
        citations,
      });
    }
  }
  // Paperwork and enforcement visits carry no score.
  if (random.chance(0.06)) visits.push({ date: isoDay(endMs - random.int(10, span) * DAY_MS), type: 'Administrative Miscellaneous / Initial Inspection', score: null, grade: null, action: CITED, citations: [NON_SANITARY_TEXTS[0]] });
  if (random.chance(0.03)) visits.push({ date: isoDay(endMs - random.int(10, span) * DAY_MS), type: 'Smoke-Free Air Act / Initial Inspection', score: null, grade: null, action: CITED, citations: [NON_SANITARY_TEXTS[1]] });
  return visits;
}

export interface GeneratedRestaurants {
  rows: number;
  /** Distinct names among the establishments (the city's data has about nine in ten). */
  distinctNames: number;
  /** Where the names came from (the city's files or the shipped word list). */
  vocabulary: string;
}

/**
 * Writes `establishments` establishments in the portal export format (about ten rows
 * each) to `out`, row by row: memory does not grow with the file. Deterministic for a seed.
 */
export async function generateRestaurants(out: Writable, options: GenerateOptions): Promise<GeneratedRestaurants> {
  const random = new Random(options.seed);
  const vocabulary = options.vocabulary ?? restaurantVocabulary();
  // Names from their own stream, so the rest of an establishment does not shift with the vocabulary's size.
  const namer = new RestaurantNamer(vocabulary, new Random(options.seed * 7919 + 1), options.establishments);
  const endDate = options.endDate ?? '2026-04-01';
  const endMs = Date.parse(`${endDate}T00:00:00Z`);
  const recordDate = portalDate(endDate);
  let rows = 0;
  const names = new Set<string>();
  await writeLine(out, `${PORTAL_HEADER.join(',')}\n`);
  for (let index = 0; index < options.establishments; index += 1) {
    const establishment = makeEstablishment(random, index, namer, vocabulary);
    names.add(String(establishment.fields.DBA));
    const base = { ...establishment.fields, 'RECORD DATE': recordDate };
    if (random.chance(0.04)) {
      await writeLine(out, portalLine({ ...base, 'CUISINE DESCRIPTION': null, 'INSPECTION DATE': '01/01/1900', 'CRITICAL FLAG': 'Not Applicable' }));
      rows += 1;
      continue;
    }
    for (const visit of makeVisits(random, endMs)) {
      const visitFields: PortalRow = {
        ...base,
        'INSPECTION DATE': portalDate(visit.date),
        ACTION: visit.action,
        SCORE: visit.score,
        GRADE: visit.grade,
        'GRADE DATE': visit.grade ? portalDate(visit.date) : null,
        'INSPECTION TYPE': visit.type,
      };
      if (visit.citations.length === 0) {
        await writeLine(out, portalLine({ ...visitFields, 'CRITICAL FLAG': 'Not Applicable' }));
        rows += 1;
      }
      for (const citation of visit.citations) {
        await writeLine(out, portalLine({ ...visitFields, 'VIOLATION CODE': citation.code, 'VIOLATION DESCRIPTION': citation.description, 'CRITICAL FLAG': citation.critical }));
        rows += 1;
      }
    }
  }
  return { rows, distinctNames: names.size, vocabulary: vocabulary.source };
}
