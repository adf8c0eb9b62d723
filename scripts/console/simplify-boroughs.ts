/**
 * Writes web/console/boroughs.geojson, the console map's base layer, from the city's
 * borough outlines (../shared/data/nyc/geo/dcp_borough_boundaries.geojson, 3 MB at full
 * detail): Douglas-Peucker through @turf/simplify (topology kept, rings stay closed),
 * coordinates rounded to 5 decimals (about a metre), islands smaller than the tolerance's
 * reach dropped, only BoroCode and BoroName kept. Run once by hand when the source changes:
 *
 *     npx tsx scripts/console/simplify-boroughs.ts [source.geojson]
 *
 * Source and licence of the output: web/console/BOROUGHS.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import simplify from '@turf/simplify';
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';

/** Degrees; about 30 m at New York's latitude: piers and shorelines read right at street zoom (the map opens at 14), in about 80 kB. */
export const TOLERANCE = 0.0003;
/** Rings with fewer corners than this after simplifying are islands too small to draw. */
const MIN_RING = 5;

const round = (p: Position): Position => [Math.round(p[0] * 1e5) / 1e5, Math.round(p[1] * 1e5) / 1e5];

export function simplifyBoroughs(source: FeatureCollection<MultiPolygon | Polygon>): FeatureCollection<MultiPolygon> {
  const features: Array<Feature<MultiPolygon>> = source.features.map((feature) => {
    const simplified = simplify(feature, { tolerance: TOLERANCE, highQuality: true, mutate: false });
    const polygons = simplified.geometry.type === 'Polygon' ? [simplified.geometry.coordinates] : simplified.geometry.coordinates;
    const kept = polygons
      .map((polygon) => polygon.filter((ring) => ring.length >= MIN_RING).map((ring) => ring.map(round)))
      .filter((polygon) => polygon.length > 0);
    return {
      type: 'Feature',
      properties: { BoroCode: feature.properties?.BoroCode, BoroName: feature.properties?.BoroName },
      geometry: { type: 'MultiPolygon', coordinates: kept },
    };
  });
  features.sort((a, b) => Number(a.properties?.BoroCode) - Number(b.properties?.BoroCode));
  return { type: 'FeatureCollection', features };
}

if (require.main === module) {
  const sourcePath = process.argv[2] ?? path.resolve(__dirname, '../../../shared/data/nyc/geo/dcp_borough_boundaries.geojson');
  const out = path.resolve(__dirname, '../../web/console/boroughs.geojson');
  const result = simplifyBoroughs(JSON.parse(fs.readFileSync(sourcePath, 'utf8')));
  fs.writeFileSync(out, `${JSON.stringify(result)}\n`);
  const corners = result.features.reduce((n, f) => n + f.geometry.coordinates.flat(2).length, 0);
  console.log(`${path.relative(process.cwd(), out)}: ${result.features.length} boroughs, ${corners} corners, ${fs.statSync(out).size} bytes`);
}
