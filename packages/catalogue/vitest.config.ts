import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: { name: 'catalogue', environment: 'node', include: ['test/**/*.test.ts'] },
})
