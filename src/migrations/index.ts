import * as migration_20261122_001048_initial from './20261122_001048_initial';

export const migrations = [
  {
    up: migration_20261122_001048_initial.up,
    down: migration_20261122_001048_initial.down,
    name: '20261122_001048_initial'
  },
];
