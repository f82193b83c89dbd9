import nextVitals from 'eslint-config-next/core-web-vitals'
import nextTypescript from 'eslint-config-next/typescript'

const config = [
  ...nextVitals,
  ...nextTypescript,
  {
    ignores: [
      'node_modules/**',
      '.next/**',
      '.data/**',
      'test-results/**',
      'bench-results/**',
      // Generated from src/page-scripts (scripts/lib/page-scripts.mjs).
      'public/scripts/**',
      'next-env.d.ts',
      'src/payload-types.ts',
      'src/migrations/**',
      'src/app/(payload)/**',
    ],
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // One clock for each kind of time (src/lib/clock.ts): a new call has to choose one.
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.{ts,mjs}'],
    ignores: ['**/*.test.*', 'src/lib/clock.ts', 'scripts/lib/clock.mjs'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.object.name='Date'][callee.property.name='now']",
          message: 'Choose a clock (src/lib/clock.ts): now() for business time the sandbox clock moves, securityNow() for security lifetimes, realNow() for times the database wrote, caches and waits (scripts: scripts/lib/clock.mjs); performance.now() for durations.',
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Choose a clock (src/lib/clock.ts): now() for business time the sandbox clock moves, securityNow() for security lifetimes, realNow() for times the database wrote, caches and waits (scripts: scripts/lib/clock.mjs).',
        },
      ],
    },
  },
  {
    // Unit files share their worker's modules and environment (vitest.config.mts): a change to
    // process.env goes through vi.stubEnv, which Vitest undoes after each test.
    files: ['src/**/*.test.ts', 'scripts/**/*.test.mjs'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "AssignmentExpression > MemberExpression.left[object.object.name='process'][object.property.name='env']",
          message: 'Unit tests change the environment with vi.stubEnv (undone after each test), not by assignment.',
        },
        {
          selector: "UnaryExpression[operator='delete'] > MemberExpression[object.object.name='process'][object.property.name='env']",
          message: 'Unit tests change the environment with vi.stubEnv (undone after each test), not by delete.',
        },
      ],
    },
  },
]

export default config
