/** Addresses: house numbers and street names as the city writes them and as people type them. */
export * from './house-numbers';
export * from './ranges';
export * from './bbl-prefix';
export * from './streets';
