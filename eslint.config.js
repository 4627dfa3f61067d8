import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { webBoundaries } from './eslint/web-boundaries.js';

const TYPESCRIPT = ['**/*.{ts,tsx,mts,cts}'];
/** TypeScript files no tsconfig includes (tool configs, this lint's test): typed with the default options. */
const TYPESCRIPT_OUTSIDE_PROJECTS = ['*.ts', 'eslint/*.ts'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Type-aware rules (a promise left floating or passed where a callback is expected, an await on a non-promise...),
  // with the types of each file's own tsconfig.
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: TYPESCRIPT })),
  {
    files: TYPESCRIPT,
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: TYPESCRIPT_OUTSIDE_PROJECTS }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Fastify's plugins, hooks and handlers are async functions by contract, awaited or not.
      '@typescript-eslint/require-await': 'off',
      // React ignores what an event handler returns; react-hook-form's handleSubmit (a promise) is the idiom for forms.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // The build scripts belong to no tsconfig: linted without types.
    files: ['scripts/**'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Tests read answers' JSON, typed `any` by design: its shape is what they assert. They stringify the
    // requests their fakes received (a URL or a string) and hand `expect` methods to check calls.
    files: ['**/*.test.{ts,tsx}', '**/test/**', '**/testing/**', 'e2e/**', 'apps/server/bench/**'],
    rules: {
      '@typescript-eslint/no-base-to-string': 'off',
      // An assertion on an untyped answer says what the test expects it to be.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // shared -> features -> app; features never import each other (eslint/web-boundaries.test.ts proves the rule bites).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'web-boundaries': webBoundaries },
    rules: { 'web-boundaries/layers': 'error' },
  },
  {
    // A module's SQL lives in its `*-data.ts` files (CODE_STYLE.md): its services, routes and helpers call them.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/**/*-data.ts', 'apps/server/src/modules/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'drizzle-orm',
                'drizzle-orm/*',
                '**/db/schema',
                '**/db/rows',
                '**/db/json-rows',
                '**/db/prepared-statements',
                '**/db/table-columns',
              ],
              message: "Le SQL d'un module va dans son fichier `*-data.ts` (CODE_STYLE.md).",
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name=/^(select|selectDistinct|insert|update|delete|execute|\\$count|\\$with|with)$/]:matches([callee.object.name=/^(db|tx)$/], [callee.object.property.name='db'])",
          message: "Le SQL d'un module va dans son fichier `*-data.ts` (CODE_STYLE.md).",
        },
      ],
    },
  },
  {
    // The domain is pure: no I/O, no framework.
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path', 'fastify', 'react', 'pg'] }],
    },
  },
);
