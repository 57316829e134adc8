// Typed lint for what the compiler cannot see: promises nobody awaits or handles, switches that
// forget a case of a union, (in src/) functions of more than four positional parameters, and in the
// dashboard React's rules of hooks. Formatting is Prettier's job, not ESLint's.
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const typedRules = {
  '@typescript-eslint/no-floating-promises': 'error',
  '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
  '@typescript-eslint/await-thenable': 'error',
};

export default tseslint.config(
  // dashboard/src/api/schema.ts and packages/client/src/generated/ are generated, never committed.
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'dashboard/src/api/schema.ts',
      'packages/client/dist/**',
      'packages/client/src/generated/**',
      'packages/client/.client-check-*/**',
    ],
  },
  {
    // The client package is type-checked by its own tsconfig (packages/client/tsconfig.json).
    files: ['src/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'tools/**/*.ts', 'packages/client/{src,examples}/**/*.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: typedRules,
  },
  // The dashboard is type-checked by its own tsconfig (dashboard/tsconfig.json: DOM, JSX, bundler
  // resolution), which the project service finds for these files. Its scripts/ run under the root's.
  {
    files: ['dashboard/src/**/*.{ts,tsx}', 'dashboard/vite.config.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin, 'react-hooks': reactHooks },
    rules: {
      ...typedRules,
      ...reactHooks.configs['recommended-latest'].rules,
      // A hook's dependencies are checked, not suggested: a missing one is a stale value on screen.
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // More than four positional arguments read as a guess at their order: pass one named object
    // (`completeBooking(db, { intentId, airlineOrder, now })`) instead.
    files: ['src/**/*.ts'],
    rules: { '@typescript-eslint/max-params': ['error', { max: 4 }] },
  },
);
