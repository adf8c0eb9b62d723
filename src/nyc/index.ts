/** The city module: facts about New York City that every family shares. */
export * from './boroughs';
export * from './zips';
export * from './bounds';
export * from './dates';
export * from './bbl';
export * from './money';
export * from './address';
