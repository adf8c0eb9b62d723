import { normalizeCoordinates } from './bounds';

describe('coordinates', () => {
  it('turns missing and zero coordinates into null', () => {
    expect(normalizeCoordinates(0, 0)).toEqual({ latitude: null, longitude: null });
    expect(normalizeCoordinates(null, -73.9)).toEqual({ latitude: null, longitude: null });
    expect(normalizeCoordinates(40.72, 0)).toEqual({ latitude: null, longitude: null });
    expect(normalizeCoordinates(34.05, -118.24)).toEqual({ latitude: null, longitude: null });
    expect(normalizeCoordinates(40.727239355189, -74.006559232767)).toEqual({ latitude: 40.727239355189, longitude: -74.006559232767 });
  });

});
