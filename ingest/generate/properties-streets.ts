import { type Borough, boroughForZip } from '../../src/nyc';

/**
 * Where generated tax lots sit: each borough's share of PLUTO's ~860,000 lots, lots per
 * block, its ZIPs, a box inside it, and the streets its blocks face, spelled as PLUTO
 * spells them ('EAST 47 STREET', '31 AVENUE', 'BEACH 116 STREET', "O'BRIEN PLACE").
 */
export interface LotBorough {
  borough: Borough;
  /** BORO code digit (the BBL's first digit). */
  code: number;
  /** PLUTO's two-letter borough. */
  pluto: 'MN' | 'BX' | 'BK' | 'QN' | 'SI';
  /** DOB permits' borough name. */
  upper: string;
  /** Lots in PLUTO 24v4, rounded: the shares of the generated set. */
  lots: number;
  lotsPerBlock: number;
  zips: number[];
  lat: [number, number];
  lon: [number, number];
  /** Queens writes most house numbers hyphenated ('34-12'): cross street, then building. */
  hyphenated: boolean;
  streets: string[];
  /** Neighborhood names the permit export writes as NTA_NAME. */
  ntas: string[];
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);
/** The ZIPs of a range that USPS delivers in the borough (src/nyc), so a lot's ZIP always names its borough. */
const zipsIn = (borough: Borough, ...ranges: Array<[number, number]>) => ranges.flatMap(([from, to]) => range(from, to)).filter((zip) => boroughForZip(String(zip)) === borough);
const numbered = (prefix: string, from: number, to: number, suffix: string, step = 1) =>
  range(0, Math.floor((to - from) / step)).map((index) => `${prefix}${from + index * step} ${suffix}`.trim());

export const LOT_BOROUGHS: LotBorough[] = [
  {
    borough: 'Manhattan', code: 1, pluto: 'MN', upper: 'MANHATTAN', lots: 42_700, lotsPerBlock: 20,
    zips: zipsIn('Manhattan', [10001, 10040], [10065, 10065], [10069, 10069], [10075, 10075], [10128, 10128], [10280, 10282]),
    lat: [40.705, 40.865], lon: [-74.015, -73.935], hyphenated: false,
    streets: [
      ...numbered('EAST ', 1, 125, 'STREET', 2), ...numbered('WEST ', 2, 190, 'STREET', 3),
      'BROADWAY', '1 AVENUE', '2 AVENUE', '3 AVENUE', 'LEXINGTON AVENUE', 'PARK AVENUE', 'MADISON AVENUE', '5 AVENUE', 'AVENUE OF THE AMERICAS',
      '7 AVENUE', '8 AVENUE', '9 AVENUE', '10 AVENUE', 'AMSTERDAM AVENUE', 'COLUMBUS AVENUE', 'CENTRAL PARK WEST', 'RIVERSIDE DRIVE', 'WEST END AVENUE',
      'ST NICHOLAS AVENUE', 'FREDERICK DOUGLASS BOULEVARD', 'ADAM CLAYTON POWELL JR BOULEVARD', 'MALCOLM X BOULEVARD', 'BLEECKER STREET', 'MOTT STREET',
      'MULBERRY STREET', 'CANAL STREET', 'HESTER STREET', 'ORCHARD STREET', 'LUDLOW STREET', 'RIVINGTON STREET', 'DELANCEY STREET', 'HOUSTON STREET',
      'SPRING STREET', 'PRINCE STREET', 'GREENWICH STREET', 'HUDSON STREET', 'BEDFORD STREET', 'CHRISTOPHER STREET', 'ST MARKS PLACE', 'AVENUE A',
      'AVENUE B', 'AVENUE C', 'FORT WASHINGTON AVENUE', 'WADSWORTH AVENUE', 'DYCKMAN STREET', 'WALL STREET', 'WILLIAM STREET', 'JOHN STREET',
    ],
    ntas: ['Upper West Side', 'Upper East Side-Carnegie Hill', 'East Village', 'Chinatown', 'Washington Heights South', 'Central Harlem North-Polo Grounds', 'Midtown-Midtown South'],
  },
  {
    borough: 'Bronx', code: 2, pluto: 'BX', upper: 'BRONX', lots: 89_700, lotsPerBlock: 22,
    zips: zipsIn('Bronx', [10451, 10475]),
    lat: [40.81, 40.9], lon: [-73.92, -73.79], hyphenated: false,
    streets: [
      ...numbered('EAST ', 138, 241, 'STREET'), ...numbered('WEST ', 161, 262, 'STREET', 3),
      'GRAND CONCOURSE', 'EAST FORDHAM ROAD', 'WHITE PLAINS ROAD', 'ARTHUR AVENUE', 'SOUTHERN BOULEVARD', 'JEROME AVENUE', 'WEBSTER AVENUE',
      'BOSTON ROAD', 'WESTCHESTER AVENUE', 'PELHAM PARKWAY', 'BRUCKNER BOULEVARD', 'CLARENCE AVENUE', 'VINCENT AVENUE', 'MORRIS PARK AVENUE',
      'CASTLE HILL AVENUE', 'UNIVERSITY AVENUE', 'SEDGWICK AVENUE', 'TREMONT AVENUE', 'BAINBRIDGE AVENUE', 'DECATUR AVENUE', 'KINGSBRIDGE ROAD',
      'RIVERDALE AVENUE', 'HENRY HUDSON PARKWAY', 'CITY ISLAND AVENUE', 'WILLIAMSBRIDGE ROAD', 'GUN HILL ROAD', 'BURNSIDE AVENUE', 'MORRIS AVENUE',
    ],
    ntas: ['Fordham South', 'Belmont', 'Throgs Neck', 'Riverdale-Spuyten Duyvil', 'Mott Haven-Port Morris', 'Pelham Parkway'],
  },
  {
    borough: 'Brooklyn', code: 3, pluto: 'BK', upper: 'BROOKLYN', lots: 276_500, lotsPerBlock: 25,
    zips: zipsIn('Brooklyn', [11201, 11239]),
    lat: [40.58, 40.72], lon: [-74.02, -73.87], hyphenated: false,
    streets: [
      ...numbered('EAST ', 1, 108, 'STREET'), ...numbered('WEST ', 1, 37, 'STREET'), ...numbered('', 1, 101, 'STREET'), ...numbered('BAY ', 7, 50, 'STREET'),
      ...numbered('BEACH ', 37, 49, 'STREET'), ...numbered('', 1, 21, 'AVENUE'), ...['A', 'B', 'C', 'D', 'F', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'O', 'P', 'R', 'S', 'T', 'U', 'V', 'W', 'X', 'Z'].map((letter) => `AVENUE ${letter}`),
      'FLATBUSH AVENUE', 'ATLANTIC AVENUE', 'BEDFORD AVENUE', 'KINGS HIGHWAY', 'NOSTRAND AVENUE', 'CHURCH AVENUE', 'BRIGHTON BEACH AVENUE', 'MYRTLE AVENUE',
      "O'BRIEN PLACE", 'OCEAN PARKWAY', 'OCEAN AVENUE', 'CONEY ISLAND AVENUE', 'EASTERN PARKWAY', 'EMPIRE BOULEVARD', 'LINDEN BOULEVARD', 'UTICA AVENUE',
      'RALPH AVENUE', 'BUSHWICK AVENUE', 'KNICKERBOCKER AVENUE', 'WYCKOFF AVENUE', 'DEKALB AVENUE', 'LAFAYETTE AVENUE', 'GATES AVENUE', 'HALSEY STREET',
      'MACON STREET', 'MARCY AVENUE', 'DRIGGS AVENUE', 'BERRY STREET', 'WYTHE AVENUE', 'MANHATTAN AVENUE', 'NASSAU AVENUE', 'GREENPOINT AVENUE',
      'COURT STREET', 'SMITH STREET', 'HENRY STREET', 'CLINTON STREET', 'DOUGLASS STREET', 'DEGRAW STREET', 'PRESIDENT STREET', 'CARROLL STREET',
      'STERLING PLACE', 'ST JOHNS PLACE', 'PROSPECT PARK WEST', 'FORT HAMILTON PARKWAY', 'NEW UTRECHT AVENUE', 'BAY RIDGE PARKWAY', 'SHORE ROAD',
      'PENNSYLVANIA AVENUE', 'FLATLANDS AVENUE', 'REMSEN AVENUE', 'ROCKAWAY PARKWAY', 'SUTTER AVENUE', 'PITKIN AVENUE', 'LIBERTY AVENUE', 'FULTON STREET',
    ],
    ntas: ['Park Slope-Gowanus', 'Bay Ridge', 'Crown Heights North', 'Williamsburg', 'Bensonhurst West', 'Flatbush', 'Canarsie', 'DUMBO-Vinegar Hill-Downtown Brooklyn-Boerum Hill'],
  },
  {
    borough: 'Queens', code: 4, pluto: 'QN', upper: 'QUEENS', lots: 324_500, lotsPerBlock: 22,
    zips: zipsIn('Queens', [11101, 11106], [11354, 11375], [11411, 11436]),
    lat: [40.58, 40.79], lon: [-73.95, -73.72], hyphenated: true,
    streets: [
      ...numbered('', 1, 271, 'STREET'), ...numbered('', 20, 160, 'AVENUE'), ...numbered('', 20, 147, 'ROAD', 2), ...numbered('', 21, 120, 'DRIVE', 3),
      ...numbered('', 30, 110, 'PLACE', 4), ...numbered('BEACH ', 9, 149, 'STREET', 2),
      'ROOSEVELT AVENUE', 'MAIN STREET', 'NORTHERN BOULEVARD', 'STEINWAY STREET', 'QUEENS BOULEVARD', 'JAMAICA AVENUE', 'BELL BOULEVARD',
      'METROPOLITAN AVENUE', 'MYRTLE AVENUE', 'WOODHAVEN BOULEVARD', 'CROSS BAY BOULEVARD', 'HILLSIDE AVENUE', 'UNION TURNPIKE', 'FRANCIS LEWIS BOULEVARD',
      'SPRINGFIELD BOULEVARD', 'MERRICK BOULEVARD', 'GUY R BREWER BOULEVARD', 'SUTPHIN BOULEVARD', 'PARSONS BOULEVARD', 'KISSENA BOULEVARD',
      'UTOPIA PARKWAY', 'ASTORIA BOULEVARD', 'DITMARS BOULEVARD', 'VERNON BOULEVARD', 'JUNCTION BOULEVARD', 'GRAND AVENUE', 'ELIOT AVENUE',
      'JUNIPER VALLEY ROAD', 'FRESH POND ROAD', 'HARMAN STREET', 'LEFFERTS BOULEVARD', 'ROCKAWAY BEACH BOULEVARD', 'SHORE FRONT PARKWAY',
    ],
    ntas: ['Astoria', 'Flushing', 'Jackson Heights', 'Forest Hills', 'Jamaica', 'Ridgewood', 'Bayside-Bayside Hills', 'Hunters Point-Sunnyside-West Maspeth'],
  },
  {
    borough: 'Staten Island', code: 5, pluto: 'SI', upper: 'STATEN ISLAND', lots: 126_600, lotsPerBlock: 16,
    zips: zipsIn('Staten Island', [10301, 10314]),
    lat: [40.52, 40.63], lon: [-74.2, -74.07], hyphenated: false,
    streets: [
      'HYLAN BOULEVARD', 'RICHMOND AVENUE', 'FOREST AVENUE', 'VICTORY BOULEVARD', 'BAY STREET', 'AMBOY ROAD', 'ARTHUR KILL ROAD', 'RICHMOND ROAD',
      'CASTLETON AVENUE', 'PORT RICHMOND AVENUE', 'CLOVE ROAD', 'MANOR ROAD', 'TODT HILL ROAD', 'BRADLEY AVENUE', 'WILLOWBROOK ROAD', 'GIFFORDS LANE',
      'ANNADALE ROAD', 'HUGUENOT AVENUE', 'WOODROW ROAD', 'ROSSVILLE AVENUE', 'BOYLAN STREET', 'LAFAYETTE AVENUE', 'JEWETT AVENUE', 'NEW DORP LANE',
      'MIDLAND AVENUE', 'FATHER CAPODANNO BOULEVARD', 'SEAVIEW AVENUE', 'TYSENS LANE', 'GREAT KILLS ROAD', 'ELTINGVILLE BOULEVARD', 'DRUMGOOLE BOULEVARD',
      'SLOSSON AVENUE', 'SILVER LAKE ROAD', 'WESTERVELT AVENUE', 'ST MARKS PLACE', 'FINGERBOARD ROAD', 'NARROWS ROAD SOUTH', 'SOUTH AVENUE',
      'WATCHOGUE ROAD', 'DECKER AVENUE', 'POST AVENUE', 'DONGAN HILLS AVENUE', 'MILL ROAD', 'KING STREET', 'BARTLETT AVENUE', 'WEST FINGERBOARD ROAD',
      ...numbered('', 1, 10, 'STREET'),
    ],
    ntas: ['Arden Heights', 'West New Brighton-New Brighton-St. George', 'Great Kills', 'New Dorp-Midland Beach', 'Port Richmond'],
  },
];

/** Every borough's lots at full scale: 860,000, the size of PLUTO. */
export const FULL_SCALE_LOTS = LOT_BOROUGHS.reduce((sum, borough) => sum + borough.lots, 0);

export const SURNAMES = [
  'RODRIGUEZ', 'STEWART', 'BAKSH', 'COHEN', 'WONG', 'SMITH', 'GARCIA', 'PATEL', 'KIM', 'NGUYEN', 'MURPHY', "O'CONNOR", 'FERNANDEZ', 'LI',
  'GOLDBERG', 'ROSSI', 'KHAN', 'JOHNSON', 'WILLIAMS', 'BROWN', 'CHEN', 'LIU', 'SANTOS', 'DIAZ', 'LOPEZ', 'IVANOV', 'KOWALSKI', 'SCHWARTZ',
];

export const GIVEN_NAMES = ['JOSE', 'RAYMOND', 'MOHAMMED', 'MARIA', 'JOHN', 'LINDA', 'WEI', 'SARAH', 'DAVID', 'ROSA', 'MICHAEL', 'ANNA', 'JAMES', 'YAN', 'PAUL'];

export const COMPANY_WORDS = ['EMPIRE', 'HUDSON', 'PARKVIEW', 'BROADWAY', 'GOTHAM', 'LIBERTY', 'ATLANTIC', 'BOROUGH', 'CROWN', 'HARBOR', 'RIVERSIDE', 'UNION', 'METRO', 'KINGS'];
