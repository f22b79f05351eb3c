import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'e2e/artifacts/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/server/drizzle/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
      ],
    },
  },
  {
    // Config files must default-export for their tools.
    files: ['**/*.config.{ts,js,mjs}', '**/vite.config.ts', '**/playwright.config.ts', '**/global-setup.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Tenancy: features reach the database only through an OrgScope or the named system-access module.
    files: ['apps/server/src/features/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/platform/db/client', '**/platform/db/client.js', 'pg', '@electric-sql/pglite'],
              message:
                'Features must not use the raw database client: take an OrgScope, or use platform/db/system-access for sign-up, admin and workers.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The shapes the web code keeps: pages addressed through lib/paths.ts (a link written as text breaks
    // silently when a page moves), cache keys under the roots of lib/queries/query-keys.ts (a feature that
    // invalidates another one's data names the same key), logical CSS properties (Arabic mirrors the page).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/lib/paths.ts',
      'apps/web/src/lib/queries/query-keys.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/web/src/test/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
        ...[
          'JSXAttribute[name.name=/^(to|href)$/] > Literal[value=/^\\//]',
          'JSXAttribute[name.name=/^(to|href)$/] > JSXExpressionContainer > Literal[value=/^\\//]',
          'JSXAttribute[name.name=/^(to|href)$/] > JSXExpressionContainer > TemplateLiteral',
          'CallExpression[callee.name="navigate"] > Literal[value=/^\\//]',
          'CallExpression[callee.name="navigate"] > TemplateLiteral',
          'Property[key.name=/^(to|path)$/] > Literal[value=/^\\//]',
        ].map((selector) => ({
          selector,
          message: 'Address pages with paths and href() from lib/paths.ts.',
        })),
        ...[
          'Property[key.name="queryKey"] > ArrayExpression > Literal:first-child',
          'VariableDeclarator[id.name=/QueryKey$/] > ArrayExpression > Literal:first-child',
          'VariableDeclarator[id.name=/QueryKey$/] > TSAsExpression > ArrayExpression > Literal:first-child',
        ].map((selector) => ({
          selector,
          message: 'Build cache keys under a root of lib/queries/query-keys.ts.',
        })),
        ...[
          'Property[key.name=/^((margin|padding|border)(Left|Right)\\w*|left|right)$/]',
          'JSXAttribute[name.name=/^(ml|mr|pl|pr)$/]',
          'JSXAttribute[name.name="ta"] > Literal[value=/^(left|right)$/]',
          'Property[key.name="textAlign"] > Literal[value=/^(left|right)$/]',
        ].map((selector) => ({
          selector,
          message:
            'Use logical properties (marginInlineStart, insetInlineEnd, ta="start"): pages mirror in Arabic.',
        })),
      ],
    },
  },
  {
    // A screen checks what the user typed with useSchemaForm and the contract's schema, which also shows
    // the server's messages on the same fields: no form of its own.
    files: ['apps/web/src/{app,components,features}/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx'],
    rules: {
      'no-restricted-properties': [
        'error',
        { property: 'safeParse', message: 'Check a form with useSchemaForm (lib/forms/use-schema-form.ts).' },
      ],
    },
  },
  {
    // Web features do not import each other; shared pieces live in components/ or lib/.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/features/*', '**/features/*/**'], message: 'Features do not import each other.' },
            { group: ['**/app/*', '**/app/**'], message: 'Features do not import the app shell.' },
          ],
        },
      ],
    },
  },
);
