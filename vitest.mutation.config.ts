import { defineConfig } from 'vitest/config';

// The unit tests that pin the domain's rules, alone: what `npm run mutation` runs per mutant.
export default defineConfig({
  test: {
    include: ['test/unit/shared/domain/**/*.test.ts'],
    environment: 'node',
    env: { BALCAO_MUTATION: '1' },
  },
});
