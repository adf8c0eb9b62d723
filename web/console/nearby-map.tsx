import L from 'leaflet';
import { useEffect, useRef, useState } from 'preact/hooks';
import { Answer, apiGet } from './api';
import { gradeColour, gradeLabel } from './format';
import { RequestLine } from './request-line';
import type { RestaurantSummary } from './api-types';

/** Lower Manhattan: where a first-time visitor expects to start. */
const START: L.LatLngTuple = [40.7306, -74.0003];
const RADII = [250, 500, 1000, 2000];
/** The nearby endpoint's bounds (the city's): a click outside them asks nothing. */
const BOUNDS = { lat: [40.45, 40.95], lng: [-74.3, -73.65] };

const round = (value: number) => Math.round(value * 1e5) / 1e5;

/**
 * Restaurants around a clicked point: the radius drawn as a circle, one marker per restaurant
 * coloured by grade (its tooltip names the grade too) and the same restaurants as a list
 * beside the map. The base is the borough outlines shipped with the console; a tile layer is
 * added only when the deployment configures a tile URL. Keyboard users type the point instead.
 */
export function NearbyMap({ tileUrl, onPick }: { tileUrl: string | null; onPick(camis: string): void }) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map>();
  const overlay = useRef<L.LayerGroup>();
  const [point, setPoint] = useState<{ lat: number; lng: number } | null>(null);
  const [radius, setRadius] = useState(500);
  const [answer, setAnswer] = useState<Answer<{ data: RestaurantSummary[] }> | null>(null);
  const [draft, setDraft] = useState({ lat: String(START[0]), lng: String(START[1]) });

  useEffect(() => {
    if (!element.current) return;
    const created = L.map(element.current, { center: START, zoom: 14, minZoom: 9, maxZoom: 18, attributionControl: Boolean(tileUrl) });
    if (tileUrl) L.tileLayer(tileUrl, { maxZoom: 19, attribution: 'Map tiles: see the deployment’s tile provider' }).addTo(created);
    void fetch('/console/boroughs.geojson')
      .then((response) => response.json())
      .then((outlines) => {
        L.geoJSON(outlines, { style: { color: '#24292f', weight: 1.5, fillColor: '#d0d7de', fillOpacity: tileUrl ? 0 : 0.35 }, interactive: false }).addTo(created);
      });
    overlay.current = L.layerGroup().addTo(created);
    created.on('click', (event: L.LeafletMouseEvent) => setPoint({ lat: round(event.latlng.lat), lng: round(event.latlng.lng) }));
    map.current = created;
    return () => created.remove();
  }, [tileUrl]);

  useEffect(() => {
    if (!point) return;
    setDraft({ lat: String(point.lat), lng: String(point.lng) });
    const inside = point.lat >= BOUNDS.lat[0] && point.lat <= BOUNDS.lat[1] && point.lng >= BOUNDS.lng[0] && point.lng <= BOUNDS.lng[1];
    overlay.current?.clearLayers();
    if (!inside) {
      setAnswer(null);
      return;
    }
    let current = true;
    void apiGet<{ data: RestaurantSummary[] }>('/api/v1/restaurants/nearby', { lat: point.lat, lng: point.lng, radius, limit: 50 }).then((result) => {
      if (!current || !overlay.current) return;
      setAnswer(result);
      L.circle([point.lat, point.lng], { radius, color: '#0969da', weight: 2, fillOpacity: 0.08, interactive: false }).addTo(overlay.current);
      L.circleMarker([point.lat, point.lng], { radius: 4, color: '#0969da', fillOpacity: 1 }).addTo(overlay.current);
      if (!result.ok) return;
      for (const restaurant of result.body.data) {
        if (restaurant.latitude === null || restaurant.longitude === null) continue;
        L.circleMarker([restaurant.latitude, restaurant.longitude], {
          radius: 8,
          color: '#ffffff',
          weight: 2,
          fillColor: gradeColour(restaurant.grade),
          fillOpacity: 1,
          className: `restaurant-marker grade-${restaurant.grade ?? 'none'}`,
        })
          .bindTooltip(`${restaurant.name} · ${gradeLabel(restaurant.grade)}`)
          .on('click', () => onPick(restaurant.camis))
          .addTo(overlay.current);
      }
    });
    return () => {
      current = false;
    };
  }, [point, radius]);

  const goTo = (event: Event) => {
    event.preventDefault();
    const lat = Number(draft.lat);
    const lng = Number(draft.lng);
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) return;
    map.current?.panTo([lat, lng]);
    setPoint({ lat: round(lat), lng: round(lng) });
  };

  const outside = point && !answer;
  return (
    <div class="map-layout">
      <div>
        <div ref={element} class="map" data-testid="map" role="application" aria-label="Map of New York City: click a point to list restaurants around it" />
        <form class="inline map-form" onSubmit={goTo}>
          <label for="map-lat">Latitude</label>
          <input id="map-lat" inputMode="decimal" value={draft.lat} onInput={(event) => setDraft({ ...draft, lat: (event.target as HTMLInputElement).value })} />
          <label for="map-lng">Longitude</label>
          <input id="map-lng" inputMode="decimal" value={draft.lng} onInput={(event) => setDraft({ ...draft, lng: (event.target as HTMLInputElement).value })} />
          <label for="map-radius">Radius</label>
          <select id="map-radius" value={radius} onChange={(event) => setRadius(Number((event.target as HTMLSelectElement).value))}>
            {RADII.map((value) => (
              <option key={value} value={value}>
                {value} m
              </option>
            ))}
          </select>
          <button type="submit">Search here</button>
        </form>
      </div>
      <div class="nearby-list" aria-live="polite">
        {!point ? <p class="muted">Click the map (or type a point) to list the restaurants around it.</p> : null}
        {outside ? <p class="muted">That point is outside New York City.</p> : null}
        <RequestLine answer={answer} />
        {answer?.ok ? (
          answer.body.data.length === 0 ? (
            <p class="muted">No restaurant within {radius} m.</p>
          ) : (
            <ol data-testid="nearby-list">
              {answer.body.data.map((restaurant) => (
                <li key={restaurant.camis}>
                  <button type="button" class="link" onClick={() => onPick(restaurant.camis)}>
                    <span class="dot" style={{ background: gradeColour(restaurant.grade) }} aria-hidden="true" />
                    {restaurant.name}
                  </button>
                  <span class="muted">
                    {' '}
                    {gradeLabel(restaurant.grade)} · {restaurant.distanceMeters ?? '?'} m
                  </span>
                </li>
              ))}
            </ol>
          )
        ) : null}
      </div>
    </div>
  );
}
