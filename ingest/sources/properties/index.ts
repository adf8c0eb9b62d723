export * from './pluto';
