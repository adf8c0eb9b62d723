/** The contractor family's pure rules: OATH tickets, companies, slugs, savings and risk. */
export * from './types';
export * from './names';
export * from './slugs';
export * from './slug-ledger';
export * from './tickets';
export * from './savings';
export * from './risk';
