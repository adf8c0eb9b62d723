export * from './pluto';
export * from './violations';
export * from './buildings';
export * from './complaints';
export * from './facades';
export * from './elevators';
export * from './energy';
export * from './hpd';
