export * from './oath';
