import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** File names are kebab-case: lower-case words joined by hyphens, then their extensions. */
const KEBAB_CASE = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+)+$/;

const filenameCase = {
  meta: { type: 'suggestion', messages: { kebab: 'File name "{{name}}" is not kebab-case.' } },
  create(context) {
    const name = context.filename.split(/[\\/]/).pop() ?? '';
    return {
      Program(node) {
        if (!KEBAB_CASE.test(name)) context.report({ node, messageId: 'kebab', data: { name } });
      },
    };
  },
};

/**
 * Module boundaries, one group of forbidden imports per message. Shipped code never reaches
 * into the build scripts or the browser tests; shared components, content and the route table
 * never reach into the app shell, a page or a feature; features never reach into pages or the
 * shell; the engine imports nothing outside engine/ (and no package at all).
 */
const boundaries = {
  tooling: {
    group: ['**/tools/**', '**/cli/**', '**/e2e/**', '**/testing/**'],
    message: 'Shipped code does not import build scripts, tests or their helpers.',
  },
  shell: {
    group: ['**/app/**', '**/pages/**', '**/features/**'],
    message:
      'Shared components, content and config do not import the app shell, pages or features.',
  },
  pages: {
    group: ['**/app/**', '**/pages/**'],
    message: 'Pages compose features; a feature does not import pages or the app shell.',
  },
  engine: {
    regex: '^(?!\\./)',
    message: 'The engine is pure TypeScript: it imports only modules beside it in engine/.',
  },
};

/** A config object forbidding the given boundary groups in `files` (tests are exempt). */
function restrict(files, ...groups) {
  return {
    files,
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: groups.map((group) => boundaries[group]) }],
    },
  };
}

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
      portfolio: { rules: { 'filename-case': filenameCase } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'portfolio/filename-case': 'error',
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
  restrict(['src/**/*.{ts,tsx}'], 'tooling'),
  restrict(
    ['src/components/**/*.{ts,tsx}', 'src/content/**/*.ts', 'src/config/**/*.ts'],
    'tooling',
    'shell',
  ),
  restrict(['src/features/**/*.{ts,tsx}'], 'tooling', 'pages'),
  restrict(['src/features/prisoners/engine/**/*.ts'], 'tooling', 'pages', 'engine'),
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
