import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/src/test/**'];

/**
 * The modules that use system access (the raw database, or a scope for any organization), by name:
 * sign-up and sign-in, the access check's membership lookup, the plans and superuser seeds, jobs and
 * their checks, stored-file references for the sweep, the admin panel, the demo data and the process
 * entry points.
 */
const systemAccessModules = [
  'app.ts',
  'main.ts',
  'main-worker.ts',
  'startup.ts',
  'create-admin.ts',
  'demo/seed-demo.ts',
  'features/jobs.ts',
  'features/auth/auth.service.ts',
  'features/auth/auth.throttle.ts',
  'features/orgs/orgs.service.ts',
  'features/orgs/invitations.service.ts',
  'features/plans/plans.seed.ts',
  'features/ocr/ocr.reconcile.ts',
  'features/attachments/attachment-files.ts',
  'features/subscriptions/move-subscription-on.job.ts',
  'features/billing/billing.seed.ts',
  'features/billing/check-payment-status.job.ts',
  'features/billing/payment-notifications.service.ts',
  'features/admin/admin.service.ts',
];

const rawDatabase = {
  group: ['**/platform/db/client', '**/platform/db/client.js', 'pg', '@electric-sql/pglite'],
  message:
    'Features must not use the raw database client: take an OrgScope, or use platform/db/system-access for sign-up, admin and workers.',
};
const routesCallServices = {
  group: ['**/*.repository', '**/*.repository.js', '**/*.table', '**/*.table.js'],
  message: 'Routes call services: the SQL is in repositories, the tables in *.table.ts.',
};
const servicesAskServices = {
  group: ['../*/*.repository', '../*/*.repository.js', '../*/*.table', '../*/*.table.js'],
  message:
    "A service asks another feature through that feature's service (or a function it is given), never its repository or tables.",
};
const platformIsNotFeatures = {
  group: ['**/features', '**/features/**', '**/schema', '**/schema.js'],
  message:
    'platform/ never imports features/ (nor the schema of every table): what it needs of them is handed in by app.ts.',
};
const orgScopeIsPlatform = {
  group: ['**/platform/db/org-scope', '**/platform/db/org-scope.js'],
  importNames: ['createOrgScope'],
  message:
    'Scopes are opened by platform code only: the access check, or system.scopeFor (system-access.ts).',
};
const systemAccessByName = {
  group: ['**/platform/db/system-access', '**/platform/db/system-access.js'],
  message:
    'System access is for the modules named in eslint.config.js (systemAccessModules); others take an OrgScope.',
};

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
  // The server's shape (docs/architecture.md, "Server shape"). `no-restricted-imports` holds the layers
  // (each file glob below lists every pattern that applies to it: for one file the last matching block
  // wins), `@typescript-eslint/no-restricted-imports` holds database access. Cycles and file names are
  // checked by scripts/check-import-cycles.mjs and scripts/check-file-names.mjs.
  {
    // Tenancy: features reach the database only through an OrgScope or the named system-access module.
    files: ['apps/server/src/features/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [rawDatabase] }] },
  },
  {
    files: ['apps/server/src/features/**/*.routes.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [rawDatabase, routesCallServices] }] },
  },
  {
    files: ['apps/server/src/features/**/*.service.ts', 'apps/server/src/features/**/*.job.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [rawDatabase, servicesAskServices] }] },
  },
  {
    files: ['apps/server/src/platform/**/*.ts'],
    ignores: serverTests,
    rules: { 'no-restricted-imports': ['error', { patterns: [platformIsNotFeatures] }] },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/platform/**', ...serverTests],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [orgScopeIsPlatform, systemAccessByName] },
      ],
    },
  },
  {
    files: systemAccessModules.map((m) => `apps/server/src/${m}`),
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [orgScopeIsPlatform] }] },
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
