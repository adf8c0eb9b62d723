export * from './pluto';
export * from './violations';
