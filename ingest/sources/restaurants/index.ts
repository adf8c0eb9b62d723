export * from './inspections';
