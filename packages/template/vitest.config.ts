import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: { name: 'template', environment: 'node', include: ['test/**/*.test.ts'] },
})
