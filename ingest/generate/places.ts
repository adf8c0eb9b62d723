import { boroughForZip, type Borough } from '../../src/nyc';

/** Where generated establishments sit: real ZIP ranges, a box inside each borough, common streets (the fallback when the city's files are absent: restaurant-names.ts). */
export interface BoroughPlace {
  borough: Borough;
  weight: number;
  code: number;
  zips: number[];
  lat: [number, number];
  lon: [number, number];
  streets: string[];
  ntas: string[];
}

/** The ZIPs of a range that USPS really delivers (src/nyc), so a generated ZIP always names its borough. */
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index).filter((zip) => boroughForZip(String(zip)) !== null);

export const BOROUGH_PLACES: BoroughPlace[] = [
  {
    borough: 'Manhattan', weight: 38, code: 1, zips: [...range(10001, 10040), 10065, 10069, 10075, 10128, 10280, 10282],
    lat: [40.705, 40.865], lon: [-74.015, -73.935],
    streets: ['BROADWAY', '2 AVENUE', '3 AVENUE', 'LEXINGTON AVENUE', 'AMSTERDAM AVENUE', 'EAST   14 STREET', 'WEST 57 STREET', 'BLEECKER STREET', 'MOTT STREET', 'CANAL STREET', 'ST MARKS PLACE', 'FREDERICK DOUGLASS BOULEVARD',
      'E 45 ST', '8TH AVE', 'WEST   36 STREET', 'MADISON AVE', 'LENOX AVENUE', 'DYCKMAN STREET', 'HUDSON STREET', 'W 125 ST'],
    ntas: ['MN17', 'MN13', 'MN23', 'MN24', 'MN27', 'MN40'],
  },
  {
    borough: 'Brooklyn', weight: 26, code: 3, zips: range(11201, 11239),
    lat: [40.58, 40.72], lon: [-74.02, -73.87],
    streets: ['FLATBUSH AVENUE', 'ATLANTIC AVENUE', 'BEDFORD AVENUE', '5 AVENUE', 'KINGS HIGHWAY', 'NOSTRAND AVENUE', 'CHURCH AVENUE', 'BRIGHTON BEACH AVENUE', 'MYRTLE AVENUE', "O'BRIEN PLACE",
      'AVENUE U', '86TH ST', 'KNICKERBOCKER AVE', 'FULTON STREET', 'COURT ST'],
    ntas: ['BK09', 'BK38', 'BK73', 'BK77', 'BK90'],
  },
  {
    borough: 'Queens', weight: 22, code: 4, zips: [...range(11101, 11106), ...range(11354, 11375), ...range(11411, 11436)],
    lat: [40.58, 40.79], lon: [-73.95, -73.72],
    streets: ['ROOSEVELT AVENUE', 'MAIN STREET', 'NORTHERN BOULEVARD', 'STEINWAY STREET', 'QUEENS BOULEVARD', 'JAMAICA AVENUE', '37 AVENUE', 'BELL BOULEVARD',
      'JUNCTION BLVD', '30TH AVE', 'BROADWAY', 'JFK INTL AIRPORT', 'AUSTIN STREET'],
    ntas: ['QN22', 'QN28', 'QN63', 'QN70'],
  },
  {
    borough: 'Bronx', weight: 9, code: 2, zips: range(10451, 10475),
    lat: [40.81, 40.9], lon: [-73.92, -73.79],
    streets: ['GRAND CONCOURSE', 'EAST FORDHAM ROAD', 'WHITE PLAINS ROAD', 'ARTHUR AVENUE', 'SOUTHERN BOULEVARD', 'WEST 231 STREET', 'E TREMONT AVE', 'JEROME AVENUE', 'WESTCHESTER AVE'],
    ntas: ['BX05', 'BX17', 'BX40'],
  },
  {
    borough: 'Staten Island', weight: 5, code: 5, zips: range(10301, 10314),
    lat: [40.52, 40.63], lon: [-74.2, -74.07],
    streets: ['HYLAN BOULEVARD', 'RICHMOND AVENUE', 'FOREST AVENUE', 'VICTORY BOULEVARD', 'BAY STREET', 'NEW DORP LANE'],
    ntas: ['SI01', 'SI07', 'SI37'],
  },
];
