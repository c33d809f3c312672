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

// A client feature imports no other feature (docs/client.md, "Where things live"): what two features share lives in
// src/client/domain (what knows the school: the boletim, the school years, the site's content) or in the
// kit, src/client/components and src/client/lib (no domain word); app/ composes them all.
const clientFeatures = readdirSync('./src/client/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = clientFeatures.map((feature) => ({
  target: `./src/client/features/${feature}`,
  from: './src/client/features',
  except: [`./${feature}`],
  message:
    'Uma feature não importa outra: mova o que é do domínio da escola para src/client/domain, e o que é só interface para src/client/components ou src/client/lib.',
}));
const domainZones = [
  {
    target: './src/client/domain',
    from: ['./src/client/features', './src/client/app'],
    message:
      'domain/ serve a todas as features e não importa nenhuma (nem app/): o que é de uma só feature fica em src/client/features/<feature>.',
  },
];
const sharedClientZones = ['./src/client/components', './src/client/lib'].map((target) => ({
  target,
  from: ['./src/client/features', './src/client/app', './src/client/domain'],
  message:
    'components/ e lib/ são o kit sem domínio: não importam features, app/ nem domain/. O que conhece a escola (boletim, ano letivo, grade curricular) vai para src/client/domain.',
}));
// The server's modules (src/server/features/*) meet only at their public face: a module, app.ts, main.ts,
// the plugins and the demo import another module through its index.ts, never its files; lib/ and db/ sit
// below every module and import none (docs/architecture.md, "Módulos do servidor"). Tests may reach in.
const serverModules = readdirSync('./src/server/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const publicFaceOnly = (other) => ({
  from: `./src/server/features/${other}`,
  except: ['./index.ts'],
  message: `Importe o módulo ${other} pelo seu index.ts (src/server/features/${other}/index.ts); o resto é interno a ele. Falta algo lá? Exporte-o no index.ts.`,
});
const serverZones = [
  ...serverModules.flatMap((module) =>
    serverModules
      .filter((other) => other !== module)
      .map((other) => ({ target: `./src/server/features/${module}`, ...publicFaceOnly(other) })),
  ),
  // What composes the modules (the app, the process, the plugins, the demo) uses their public face too.
  ...serverModules.map((other) => ({
    target: ['./src/server/app.ts', './src/server/main.ts', './src/server/plugins', './src/server/demo'],
    ...publicFaceOnly(other),
  })),
];
const serverBaseZones = ['./src/server/lib', './src/server/db'].map((target) => ({
  target,
  from: './src/server/features',
  message: 'lib/ e db/ ficam abaixo dos módulos e não importam nenhum: mova para cá o que é comum.',
}));
const layerZones = [
  { target: './src/shared', from: './src/client' },
  { target: './src/shared', from: './src/server' },
  { target: './src/client', from: './src/server' },
  { target: './src/server', from: './src/client' },
  ...featureZones,
  ...domainZones,
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
      // Shared imports neither side; client and server never import each other
      // (docs/architecture.md, "Camadas").
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...layerZones,
            ...serverZones,
            ...serverBaseZones,
            { target: './src/client/features', from: './src/client/app' },
          ],
        },
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
    // No source file over 500 lines (issue 30): a bigger service is cut into files per use case, with
    // presenters apart. Tests are left out; their shared setup (*.test-setup.ts) is not.
    files: ['src/**/*.ts'],
    ignores: ['src/**/*.test.ts', 'src/server/db/migrations/**'],
    rules: { 'max-lines': ['error', { max: 500, skipBlankLines: false, skipComments: false }] },
  },
  {
    // The portal runs over plain HTTP on a school's own network (http://192.168.…), where browsers give no
    // crypto.randomUUID and no navigator.clipboard (secure contexts only): a teacher's save of grades and
    // every 'Copiar' button threw there.
    files: ['src/client/**/*.ts', 'src/client/**/*.tsx'],
    ignores: ['src/client/**/*.test.ts', 'src/client/**/*.test.tsx'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'crypto',
          property: 'randomUUID',
          message:
            'Use randomId() de client/lib/random-id: crypto.randomUUID não existe em HTTP na rede da escola.',
        },
        {
          object: 'navigator',
          property: 'clipboard',
          message:
            'Use copyText() de client/lib/copy-text: navigator.clipboard não existe em HTTP na rede da escola.',
        },
      ],
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
    // Test helpers build schools from any module's parts, as the tests do.
    files: ['src/**/*.test-setup.ts', 'src/server/test/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layerZones }] },
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
    // Tests read JSON bodies (typed any) to assert on them; so does their shared setup.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/*.test-setup.ts', 'e2e/**/*.ts'],
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
