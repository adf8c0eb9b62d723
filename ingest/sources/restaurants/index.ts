export * from './columns';
export * from './parse-row';
export * from './source';
export * from './url-source';
