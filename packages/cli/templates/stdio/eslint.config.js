// typescript-eslint, for one rule: a promise must be awaited, returned or marked `void`. A handler
// that does not await its question (`ctx.elicit(...)`) drops it, and the call fails.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', '.wrangler/'] },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.base],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
);
