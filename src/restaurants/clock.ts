// The clock is core (src/platform/fixture-clock.ts): the properties family's deadlines read it too.
export { clockOf } from '../platform/fixture-clock';
