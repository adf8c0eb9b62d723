/** A generous box around the five boroughs: geocodes outside it are bad addresses. */
export const NYC_BOUNDS = { minLat: 40.45, maxLat: 40.95, minLon: -74.3, maxLon: -73.65 } as const;

export function isWithinNyc(lat: number, lon: number): boolean {
  const { minLat, maxLat, minLon, maxLon } = NYC_BOUNDS;
  return lat >= minLat && lat <= maxLat && lon >= minLon && lon <= maxLon;
}

/** Blank, zero (the city's "no geocode") or out-of-city coordinates become null together. */
export function normalizeCoordinates(lat: number | null, lon: number | null): { latitude: number | null; longitude: number | null } {
  if (lat === null || lon === null || lat === 0 || lon === 0 || !isWithinNyc(lat, lon)) return { latitude: null, longitude: null };
  return { latitude: lat, longitude: lon };
}
