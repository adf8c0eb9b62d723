import { useEffect, useRef, useState } from 'preact/hooks';
import { apiGet } from './api';
import { ContractorCard } from './cards/contractor-card';
import { OwnerCard } from './cards/owner-card';
import { PropertyCard } from './cards/property-card';
import { RestaurantCard } from './cards/restaurant-card';
import { Feeds } from './feeds';
import { gradeColour, gradeLabel } from './format';
import { KeyPanel } from './key-panel';
import { NearbyMap } from './nearby-map';
import { Typeahead } from './typeahead';
import type { ContractorSummary, PropertySearchResult, RestaurantSummary } from './api-types';
import type { Selection } from './types';

interface ConsoleConfig {
  publicTestKey: string;
  tileUrl: string | null;
}

const LIMIT = 8;

export function App() {
  const [config, setConfig] = useState<ConsoleConfig | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [key, setKey] = useState<string | null>(null);
  const [selection, setSelection] = useState<Selection | null>(null);
  const profileHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    fetch('/console/config.json')
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`HTTP ${response.status}`))))
      .then(setConfig)
      .catch((error: Error) => setFailed(error.message));
  }, []);

  // A pick moves focus to the card, so keyboard and screen-reader users land on what they chose.
  const pick = (next: Selection) => {
    setSelection(next);
    requestAnimationFrame(() => profileHeading.current?.focus());
  };

  if (failed) return <p role="alert">The console could not read its settings ({failed}).</p>;
  if (!config) return <p aria-busy="true">Loading…</p>;
  return (
    <>
      <a class="skip" href="#search-heading">
        Skip to search
      </a>
      <header class="top">
        <h1>NYC Records API · console</h1>
        <nav aria-label="Sections">
          <a href="#search-heading">Search</a>
          <a href="#map-heading">Map</a>
          <a href="#feeds-heading">Feeds</a>
          <a href="/docs">API docs</a>
        </nav>
      </header>
      <main>
        <KeyPanel publicTestKey={config.publicTestKey} onReady={setKey} />
        {key ? (
          <>
            <section class="panel" aria-labelledby="search-heading">
              <h2 id="search-heading">Search as you type</h2>
              <div class="search-grid">
                <Typeahead<RestaurantSummary>
                  id="search-restaurants"
                  label="Restaurants"
                  hint="Name or address, typos forgiven; end with a place: “pizza west village”, “dragon bk”, “cafe 11372”."
                  placeholder="joes piza manhattan"
                  minLength={2}
                  search={(q, signal) => apiGet('/api/v1/restaurants/search', { q, limit: LIMIT }, signal)}
                  option={(restaurant) => (
                    <>
                      <span class="dot" style={{ background: gradeColour(restaurant.grade) }} aria-hidden="true" />
                      <strong>{restaurant.name}</strong> <span class="muted">{restaurant.address}, {restaurant.borough} · {gradeLabel(restaurant.grade)}</span>
                    </>
                  )}
                  onPick={(restaurant) => pick({ family: 'restaurant', camis: restaurant.camis })}
                />
                <Typeahead<PropertySearchResult>
                  id="search-addresses"
                  label="Addresses"
                  hint="A street address as typed (“225 w 11 st”), Queens hyphens (“37-18 82”), or a BBL."
                  placeholder="225 w 11th st"
                  minLength={3}
                  search={(q, signal) => apiGet('/api/v1/properties/search', { q, limit: LIMIT }, signal)}
                  option={(lot) => (
                    <>
                      <strong>{lot.address || 'No address'}</strong> <span class="muted">{lot.borough} · BBL {lot.bbl}</span>
                    </>
                  )}
                  onPick={(lot) => pick({ family: 'property', bbl: lot.bbl })}
                />
                <Typeahead<ContractorSummary>
                  id="search-contractors"
                  label="Contractors"
                  hint="A company as the OATH dockets spell it, abbreviations and all (“brightline plbg”)."
                  placeholder="hudson valley constr"
                  minLength={3}
                  search={(q, signal) => apiGet('/api/v1/contractors/search', { q, limit: LIMIT }, signal)}
                  option={(company) => (
                    <>
                      <strong>{company.name}</strong> <span class="muted">{company.ticketCount} tickets · {company.riskLevel} risk</span>
                    </>
                  )}
                  onPick={(company) => pick({ family: 'contractor', slug: company.slug })}
                />
              </div>
            </section>
            <section class="panel" aria-labelledby="profile-heading" data-testid="profile">
              <h2 id="profile-heading" tabIndex={-1} ref={profileHeading}>
                Profile
              </h2>
              {!selection ? <p class="muted">Pick a search result, a map marker or a nearby restaurant to see its card.</p> : null}
              {selection?.family === 'restaurant' ? <RestaurantCard camis={selection.camis} /> : null}
              {selection?.family === 'property' ? (
                <div class="cards">
                  <PropertyCard bbl={selection.bbl} />
                  <OwnerCard bbl={selection.bbl} onPickContractor={(slug) => pick({ family: 'contractor', slug })} />
                </div>
              ) : null}
              {selection?.family === 'contractor' ? <ContractorCard slug={selection.slug} /> : null}
            </section>
            <section class="panel" aria-labelledby="map-heading">
              <h2 id="map-heading">Restaurants nearby</h2>
              <NearbyMap tileUrl={config.tileUrl} onPick={(camis) => pick({ family: 'restaurant', camis })} />
            </section>
            <section class="panel" aria-labelledby="feeds-heading">
              <h2 id="feeds-heading">City feeds</h2>
              <Feeds />
            </section>
          </>
        ) : null}
      </main>
      <footer class="muted">
        Borough outlines: NYC Department of City Planning. Every request goes to this server only{config.tileUrl ? ', and map tiles to the configured tile server' : ''}.
      </footer>
    </>
  );
}
