// ESLint: typescript-eslint's type-checked rules, React hooks, JSX accessibility and the import
// boundaries between layers (docs/decisions/1532-lint-and-format.md). Formatting is Biome's
// (npm run format); no rule here is about layout.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

// web/ holds one folder per screen plus the shared layers below (decision 0018, after
// bulletproof-react): screens → features → components. A screen never imports another screen;
// web/features/<feature>/ (a piece with its own data: alerts, contribute, save a job, near me…)
// imports no screen and no other feature; web/components/ is presentational (props in, markup out):
// no screen, no feature, and of web/data and web/offline only types, the wording (data/messages)
// and the offline error class (offline/errors), never swr or dexie. web/data, web/lib and
// web/offline import no screen and no feature (types excepted), and nothing of web/components.
// web/app (the shell: routes, layout, the server and browser entries' parts) and web/'s entry
// files may import anything, and nothing else imports web/app: a helper that screens or the
// layers below need lives in web/lib (decision 0020).
const WEB_SHARED = ['app', 'components', 'data', 'features', 'lib', 'offline'];
const webFolders = (dir, except = []) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((e) => e.isDirectory() && !except.includes(e.name))
    .map((e) => e.name);
const SCREENS = webFolders('web/', WEB_SHARED);
const FEATURES = webFolders('web/features/');

/** A relative import specifier that climbs out to one of `folders` (from any depth). */
const into = (folders) => `^(\\.\\./)+(${folders.join('|')})(/|$)`;

/** no-restricted-syntax's selector for an import() whose specifier matches `regex`. */
const dynamicImportOf = ({ regex, message }) => ({
  // esquery's regex literal cannot hold a slash: \x2F stands for it.
  selector: `ImportExpression > Literal.source[value=/${regex.replaceAll('/', '\\x2F')}/]`,
  message,
});

const API_TYPES_ONLY = {
  regex: into(['api']),
  allowTypeImports: true,
  message: 'web/ imports api/ for types only (`import type`): server code must not reach the browser bundle.',
};

/**
 * The rules that keep a web folder inside its layer, for static imports and dynamic import():
 * each of `rules` is a specifier regex, its message and whether `import type` may pass it.
 */
function webBoundaries(rules = [], paths = []) {
  const patterns = [API_TYPES_ONLY, ...rules];
  return {
    '@typescript-eslint/no-restricted-imports': ['error', { patterns, paths }],
    'no-restricted-syntax': rules.length ? ['error', ...rules.map(dynamicImportOf)] : 'off',
  };
}
const NO_SCREEN = (regex, allowTypeImports) => ({
  regex,
  allowTypeImports,
  message: 'A shared web folder imports no screen (types excepted): move the piece here instead.',
});
const NO_SHELL = {
  regex: into(['app']),
  allowTypeImports: false,
  message:
    'web/app/ is the shell (routes, layout, entries): screens, features, components, data, lib and offline import nothing of it; a helper they share lives in web/lib/ (decision 0020).',
};
const NO_COMPONENTS = {
  regex: into(['components']),
  allowTypeImports: false,
  message:
    'web/data, web/lib and web/offline import nothing of web/components (types too): the UI stands on them; what both need (the toast store) lives in web/lib/ (decision 0020).',
};
const NO_FEATURE = {
  regex: '^(\\.\\./)+features(/|$)',
  allowTypeImports: true,
  message:
    'web/components, web/data, web/lib and web/offline import no feature (types excepted): a feature stands on them (decision 0018).',
};
/** From a feature's folder: another feature (a sibling, or by way of features/). */
const otherFeatures = (self) => FEATURES.filter((f) => f !== self);
const PRESENTATIONAL = {
  // web/data and web/offline, but for the wording and the offline error class.
  regex: '^(\\.\\./)+(data/(?!messages$)|offline/(?!errors$))',
  allowTypeImports: true,
  message:
    'web/components/ is presentational: of web/data and web/offline it imports only types, data/messages and offline/errors; a piece that reads or writes data is a feature (decision 0018).',
};
const NO_STORE_PACKAGES = ['swr', 'dexie'].map((name) => ({
  name,
  allowTypeImports: true,
  message: 'web/components/ is presentational: no SWR, no Dexie (a piece that reads data is a feature, decision 0018).',
}));

const TESTS = ['**/*.test.{ts,tsx}', 'e2e/**', 'test/**'];

// api/ holds one folder per resource, the platform they all stand on (api/platform/: route
// declaration, paging, validation, errors, request info, lease, data versions, the outbound fetch
// guard, the middleware), the scripts and the composition root (api/*.ts). The platform imports no
// resource and nothing of the root but the context and the environment (decision 0014).
const API_NOT_RESOURCES = ['platform', 'scripts'];
const API_RESOURCES = readdirSync(new URL('api/', import.meta.url), { withFileTypes: true })
  .filter((e) => e.isDirectory() && !API_NOT_RESOURCES.includes(e.name))
  .map((e) => e.name);
const API_ROOT_COMPOSITION = ['api', 'app', 'external', 'route-policy', 'server', 'ssr', 'ssr-template', 'static', 'stepped-body'];
const NO_WEB_FROM_API = {
  regex: into(['web']),
  message: 'api/ production code imports nothing from web/ (shared code lives in core/, decision 0007).',
};
const PLATFORM_PATTERNS = [
  NO_WEB_FROM_API,
  {
    regex: `^\\.\\./(${API_RESOURCES.join('|')})(/|$)|^(\\.\\./)+api/(${API_RESOURCES.join('|')})(/|$)|^\\.\\./(${API_ROOT_COMPOSITION.join('|')})$`,
    message:
      'api/platform/ imports no resource (nor the composition root): a resource passes in what the platform needs of it (decision 0014).',
  },
];

export default defineConfig(
  { ignores: ['dist/', 'coverage/', 'data/', 'e2e/artifacts/', 'bench/results/'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  js.configs.recommended,
  // recommendedTypeChecked, not strictTypeChecked: strict's extra rules found ~1,400 things here and
  // most are taste (numbers in template strings, `() => setX(v)` returning void, `!`) or wrong for
  // this tsconfig (no-unnecessary-condition asks to delete guards on regex groups and indexed
  // reads, which can be undefined since noUncheckedIndexedAccess is off). The strict rules that
  // catch real mistakes are switched on one by one below.
  tseslint.configs.recommendedTypeChecked,
  {
    rules: {
      // Off: an async function here often implements an async contract with nothing to await (the
      // OIDC adapter, sign-in flows, test doubles); the promise rules below catch the real slips.
      '@typescript-eslint/require-await': 'off',
      // A variable assigned once, but read first by a closure (the dev OIDC server's provider).
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    languageOptions: {
      // projectService: one TypeScript program per tsconfig (the root one and sw/'s), built once.
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-misused-spread': 'error',
      '@typescript-eslint/no-meaningless-void-operator': 'error',
      '@typescript-eslint/no-unnecessary-boolean-literal-compare': 'error',
      '@typescript-eslint/no-unnecessary-template-expression': 'error',
      '@typescript-eslint/no-unnecessary-type-conversion': 'error',
      '@typescript-eslint/use-unknown-in-catch-callback-variable': 'error',
      // A React event handler may be async: React ignores the promise it returns, and every
      // handler here reports its own failure (a toast or an inline error). Promises passed where
      // anything else expects a void callback are still errors.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // `_name` marks a value left out on purpose (e.g. the author's id destructured away so the
      // rest can be sent to the public).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },

  // The two rules of hooks, as errors. Not the plugin's React Compiler rules (static-components,
  // set-state-in-effect, purity…): they compile every component with Babel, about a fifth of the
  // whole lint's time, for an app that does not use the compiler (decision 1532).
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  { files: ['web/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['web/**/*.tsx'],
    rules: {
      // A scrolling region (the compare table) must be reachable by keyboard to scroll it (axe's
      // scrollable-region-focusable): tabIndex 0 on role="region" is right there, as on a tab panel.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true }],
    },
  },

  // Layers. db/ is shared by the server, the scripts and (constants, validation) the browser.
  {
    files: ['db/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: into(['api', 'web']), message: 'db/ imports neither api/ nor web/: it is the bottom layer.' }] },
      ],
    },
  },
  // core/ holds the code the server, the web app, the service worker and scripts all share (the
  // take-home engine): it imports nothing but itself and its libraries (decision 0007).
  {
    files: ['core/**/*.ts'],
    rules: (() => {
      const message = 'core/ imports nothing but itself and its libraries: not api/, web/, db/, sw/, bench/, e2e/ or test/.';
      const forbidden = into(['api', 'web', 'db', 'sw', 'bench', 'e2e', 'test']);
      return {
        '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ regex: forbidden, message }] }],
        'no-restricted-syntax': [
          'error',
          { selector: `ImportExpression > Literal.source[value=/${forbidden.replaceAll('/', '\\x2F')}/]`, message },
        ],
      };
    })(),
  },
  // api/ production code imports nothing of web/, not even by import(): the server's entry at the
  // root (server.ts) hands the page renderer in (decision 0019).
  {
    files: ['api/**/*.ts'],
    ignores: TESTS,
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [NO_WEB_FROM_API] }],
      'no-restricted-syntax': ['error', dynamicImportOf(NO_WEB_FROM_API)],
    },
  },
  {
    files: ['api/platform/**/*.ts'],
    ignores: TESTS,
    rules: (() => {
      const [, resource] = PLATFORM_PATTERNS;
      return {
        '@typescript-eslint/no-restricted-imports': ['error', { patterns: PLATFORM_PATTERNS }],
        'no-restricted-syntax': ['error', dynamicImportOf(resource), dynamicImportOf(NO_WEB_FROM_API)],
      };
    })(),
  },
  { files: ['web/*.{ts,tsx}', 'web/app/**/*.{ts,tsx}'], rules: webBoundaries() },
  {
    files: ['data', 'lib', 'offline'].map((f) => `web/${f}/**/*.{ts,tsx}`),
    rules: webBoundaries([NO_SHELL, NO_COMPONENTS, NO_SCREEN(into(SCREENS), true), NO_FEATURE]),
  },
  {
    files: ['web/components/**/*.{ts,tsx}'],
    rules: webBoundaries([NO_SHELL, NO_SCREEN(into(SCREENS), true), NO_FEATURE, PRESENTATIONAL], NO_STORE_PACKAGES),
  },
  ...FEATURES.map((feature) => ({
    files: [`web/features/${feature}/**/*.{ts,tsx}`],
    rules: webBoundaries([
      NO_SHELL,
      // From web/features/<feature>/: a screen is two folders up (../../jobs), and a name shared by
      // a screen and a feature (take-home) one folder up is the sibling feature.
      NO_SCREEN(`^(\\.\\./){2,}(${SCREENS.join('|')})(/|$)`, false),
      ...(otherFeatures(feature).length
        ? [
            {
              regex: `^\\.\\./(${otherFeatures(feature).join('|')})(/|$)|^(\\.\\./)+features/(${otherFeatures(feature).join('|')})(/|$)`,
              allowTypeImports: false,
              message:
                'A feature does not import another feature: what both need goes down into web/components/ or web/data/ (decision 0018).',
            },
          ]
        : []),
    ]),
  })),
  ...SCREENS.map((screen) => ({
    files: [`web/${screen}/**/*.{ts,tsx}`],
    rules: webBoundaries([
      NO_SHELL,
      {
        regex: into(SCREENS.filter((s) => s !== screen)),
        allowTypeImports: false,
        message: 'A screen does not import another screen: move what both need to web/features/, web/components/ or web/data/.',
      },
    ]),
  })),

  // One environment: api/env.ts parses it for every entry point (loadEnv). Tests, e2e harnesses and
  // benchmarks are exempt: they hand a child server its environment, which is what they test.
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['api/env.ts', 'bench/**', '*.config.ts', ...TESTS],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read the environment through api/env.ts (loadEnv / parseEnv), the one place it is parsed.',
        },
      ],
    },
  },

  // Production functions stay short enough to read at once: a screen is split into its sections,
  // a form into its parts and a hook for its state. Tests (a long `describe` callback is
  // fine), browser tests and benchmarks are exempt.
  {
    files: ['**/*.{ts,tsx,js}'],
    ignores: ['bench/**', ...TESTS],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },

  // No production file over 400 lines (issue 42): one that grows past it splits along its seams
  // into modules beside it. Tests, generated files (*.gen.ts), migrations, seed data and
  // benchmarks are exempt. Every line counts, blank or comment.
  {
    files: ['**/*.{ts,tsx,js}'],
    ignores: ['bench/**', 'db/migrations/**', 'db/seed/**', '**/*.gen.ts', ...TESTS],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },

  // Tests read JSON answers as `any` (test/app.ts's request helpers are untyped): the unsafe-any
  // family would flag every `body.field`. Everything else, floating promises included, applies.
  {
    files: TESTS,
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },

  // Plain JavaScript (this file, public/boot.js, `npm start`'s api/scripts/*.mjs): no TypeScript
  // program, so no type-checked rules.
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  { files: ['eslint.config.js', 'api/scripts/*.mjs'], languageOptions: { globals: globals.node } },
  { files: ['public/**/*.js'], languageOptions: { globals: globals.browser } },
);
