import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Pages compose features; a feature that needs part of a page needs it moved to ui/ or a feature. */
const FEATURE_IMPORTS_NO_PAGE = {
  regex: '^(\\.\\./)+routes/',
  message: 'A feature imports no page (routes/): move what it needs to ui/ or into a feature.',
};

/**
 * Another feature's CSS module, as a file `up` levels below features/ names it (its own folder's
 * `../Foo.module.css` one level deeper is still its own): a feature's styles are its own; what
 * two features share belongs in ui/.
 */
function featureStylesOnly(up) {
  return {
    regex: `^${up}[^./][^/]*/.*\\.module\\.css$`,
    message: "Another feature's styles are its own: share a style through ui/.",
  };
}

/**
 * Another feature's query keys and API calls (`*Keys.ts`, `query-keys.ts`, `*Api.ts`), as a file
 * `up` levels below features/ names them: they are the feature's own; another feature calls the
 * endpoint itself through api/ (`api.<name>`, `queries.<name>`, `endpointKey`), whose keys are the
 * same wherever they are written.
 */
function featureCallsOnly(up) {
  return {
    regex: `^${up}[^./][^/]*/(.*/)?[^/]*(Keys|query-keys|Api)\\.tsx?$`,
    message:
      "Another feature's query keys and API calls are its own: call the endpoint through api/ (api.<name>, queries.<name>, endpointKey).",
  };
}

export default tseslint.config(
  { ignores: ['**/node_modules', '**/dist', 'data', '**/drizzle/meta', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // The web app's layers (docs/ARCHITECTURE.md, web app): ui/ and api/ under the features, the
  // features under the pages (routes/), and a feature's styles, query keys and API calls its own.
  // Tests may render any page.
  {
    files: ['apps/web/src/ui/**/*.{ts,tsx}', 'apps/web/src/api/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(features|routes)/',
              message:
                'ui/ and api/ serve every feature and page, so they import none: move what both need here.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/features/*/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [FEATURE_IMPORTS_NO_PAGE, featureStylesOnly('\\.\\./'), featureCallsOnly('\\.\\./')],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/features/*/*/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            FEATURE_IMPORTS_NO_PAGE,
            featureStylesOnly('\\.\\./\\.\\./'),
            featureCallsOnly('\\.\\./\\.\\./'),
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', '**/cli/**', '**/bench/**', 'e2e/**', '**/*-cli.ts'],
    rules: { 'no-console': 'off' },
  },
  // The proof suites print their figures, one `[proof:<name>]` line each, with console.log.
  { files: ['apps/server/test/proof/**'], rules: { 'no-console': 'off' } },
  // Tests read parsed JSON answers field by field.
  { files: ['**/test/**', '**/*.test.{ts,tsx}'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
);
