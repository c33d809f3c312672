import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import playwright from 'eslint-plugin-playwright';
import vitest from '@vitest/eslint-plugin';
import { readdirSync } from 'node:fs';

// A client feature imports no other feature (style.md): what two features share lives in
// src/client/components or src/client/lib, which import no feature; app/ composes them all.
const clientFeatures = readdirSync('./src/client/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = clientFeatures.map((feature) => ({
  target: `./src/client/features/${feature}`,
  from: './src/client/features',
  except: [`./${feature}`],
  message: 'Uma feature não importa outra: mova o que é comum para src/client/components ou src/client/lib.',
}));
const sharedClientZones = ['./src/client/components', './src/client/lib'].map((target) => ({
  target,
  from: ['./src/client/features', './src/client/app'],
  message: 'components/ e lib/ servem a todas as features e não importam nenhuma.',
}));
const layerZones = [
  { target: './src/shared', from: './src/client' },
  { target: './src/shared', from: './src/server' },
  { target: './src/client', from: './src/server' },
  { target: './src/server', from: './src/client' },
  ...featureZones,
  ...sharedClientZones,
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      'data-demo',
      'test-results',
      'playwright-report',
      'src/server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      'import-x/ignore': ['node_modules'],
      'import-x/external-module-folders': ['node_modules'],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-cycle': ['error', { maxDepth: 8, ignoreExternal: true }],
      // Shared imports neither side; client and server never import each other (style.md).
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...layerZones, { target: './src/client/features', from: './src/client/app' }] },
      ],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Fastify plugins and handlers are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
      // react-hook-form's handleSubmit returns a promise by design.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unnecessary-type-parameters': 'off',
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unnecessary-condition': 'warn',
    },
  },
  {
    files: ['src/client/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // No screen over 250 lines (issue 30), counted as `wc -l` counts them: cut a bigger one along its
    // sub-components, hooks (use-*.ts), column definitions and pure helpers, in the same folder.
    files: ['src/client/**/*.tsx'],
    ignores: ['src/client/**/*.test.tsx'],
    rules: { 'max-lines': ['error', { max: 250, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    ...vitest.configs.recommended,
    rules: {
      ...vitest.configs.recommended.rules,
      // Vitest's expect takes a message as its second argument; the suite uses it.
      'vitest/valid-expect': ['error', { maxArgs: 2 }],
      // Table-driven access tests choose the expected status per row of the table.
      'vitest/no-conditional-expect': 'off',
      // A component test renders the app's providers around a feature (app/ composes features).
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
    },
  },
  {
    files: ['e2e/**/*.ts'],
    ...playwright.configs['flat/recommended'],
    rules: {
      ...playwright.configs['flat/recommended'].rules,
      // A journey may skip itself on a day it cannot run (test.skip(condition, reason)).
      'playwright/no-skipped-test': ['warn', { allowConditional: true }],
    },
  },
  {
    // Tests read JSON bodies (typed any) to assert on them.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
