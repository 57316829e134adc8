// Typed lint for what the compiler cannot see: promises nobody awaits or handles, switches that
// forget a case of a union, and (in src/) functions of more than four positional parameters.
// Formatting is Prettier's job, not ESLint's.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**'] },
  {
    files: ['src/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'tools/**/*.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // More than four positional arguments read as a guess at their order: pass one named object
    // (`completeBooking(db, { intentId, airlineOrder, now })`) instead.
    files: ['src/**/*.ts'],
    rules: { '@typescript-eslint/max-params': ['error', { max: 4 }] },
  },
);
