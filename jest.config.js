// Two projects: `unit` (pure code, no I/O) and `integration` (real PostgreSQL and Redis).
const common = {
  preset: 'ts-jest',
  testEnvironment: 'node',
  moduleNameMapper: { '^@portal/contracts$': '<rootDir>/services/contracts/src/index.ts' },
  // "Now" of the run: PORTAL_NOW, or the one default instant every layer shares.
  setupFiles: ['<rootDir>/e2e/support/test-now.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
  },
};

module.exports = {
  // A ceiling, not a figure: an app started with the demo seed catches up every projection first,
  // which took over 60 s on a loaded two-core machine. Speed is measured by `npm run bench`.
  testTimeout: 180000,
  // The integration files run in parallel workers (npm run test:integration, INTEGRATION_WORKERS), each
  // file on databases of its own; a worker is replaced once it holds more than this after a file
  // (each file starts apps, Azurite, gRPC servers; not all of it is ever freed). A worker grown to
  // 1.5 GB made every full collection seconds long for the files after it: 800 MB took the phase
  // from 368 s to 320 s and its workers' CPU from 473 to 364 s on the two-core machine (with the
  // file-storage memory test sampling less often, measured in the same run).
  workerIdleMemoryLimit: '800MB',
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/services/*/src/**/*.spec.ts',
        '<rootDir>/web/src/**/*.spec.ts',
        '<rootDir>/web/build/**/*.spec.ts',
      ],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/services/*/src/**/*.int-spec.ts', '<rootDir>/services/*/test/**/*.int-spec.ts'],
      globalSetup: '<rootDir>/services/portal/test/global-setup.ts',
      globalTeardown: '<rootDir>/services/portal/test/global-teardown.ts',
    },
  ],
};
