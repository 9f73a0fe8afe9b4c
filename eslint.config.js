import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { portfolioRules } from './tools/lint/rules.js';

/**
 * The engine is pure TypeScript: no package at all, only modules beside it in engine/ (the
 * layers rule, tools/lint/layers.js, keeps every other import in its direction).
 */
const enginePurity = {
  regex: '^(?!\\./)',
  message: 'The engine is pure TypeScript: it imports only modules beside it in engine/.',
};

export default tseslint.config(
  {
    ignores: ['dist', 'node_modules', 'coverage', '.lighthouse', '.ssr', '.stryker-tmp', 'reports'],
  },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: {
      'react-hooks': reactHooks,
      portfolio: { rules: portfolioRules },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'portfolio/filename-case': 'error',
      'portfolio/no-cycle': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='sort'] > ArrowFunctionExpression MemberExpression[object.name='Math'][property.name='random']",
          message: 'A random comparator is a biased shuffle: use the engine shuffle.',
        },
      ],
    },
  },
  {
    // Layers apply to what ships and what builds it; tests beside the code reach their helpers.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'portfolio/layers': 'error' },
  },
  {
    files: ['src/features/prisoners/engine/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [enginePurity] }] },
  },
  {
    // The engine runs in workers and in Node too: no DOM.
    files: ['src/features/prisoners/engine/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'navigator',
        'location',
        'localStorage',
        'requestAnimationFrame',
        'HTMLElement',
        'Element',
        'Node',
        'Worker',
        'OffscreenCanvas',
      ],
    },
  },
);
