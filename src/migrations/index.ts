import * as migration_20261122_004825_initial from './20261122_004825_initial';

export const migrations = [
  {
    up: migration_20261122_004825_initial.up,
    down: migration_20261122_004825_initial.down,
    name: '20261122_004825_initial'
  },
];
