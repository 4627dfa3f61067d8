import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Web features do not import each other: shared -> features -> app.
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../../features/*', '../features/*'], message: 'Une fonctionnalité n\'importe pas une autre fonctionnalité (passer par src/components ou src/app).' }] },
      ],
    },
  },
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
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
              group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema', '**/db/rows', '**/db/json-rows', '**/db/prepared-statements', '**/db/table-columns'],
              message: 'Le SQL d\'un module va dans son fichier `*-data.ts` (CODE_STYLE.md).',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name=/^(select|selectDistinct|insert|update|delete|execute|\\$count|\\$with|with)$/]:matches([callee.object.name=/^(db|tx)$/], [callee.object.property.name='db'])",
          message: 'Le SQL d\'un module va dans son fichier `*-data.ts` (CODE_STYLE.md).',
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
