import { defineConfig } from 'tsdown'

export default defineConfig({
  entry: ['src/index.ts', 'src/cli.ts'],
  format: ['esm'],
  fixedExtension: true,
  dts: true,
  sourcemap: true,
  platform: 'node',
  target: 'node22',
})
