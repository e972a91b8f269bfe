import { defineConfig } from 'tsdown'

export default defineConfig({
  // index.node: the entry Node loads (module-sync condition), with undici as the default transport; index: bundlers'.
  entry: ['src/index.ts', 'src/index.node.ts'],
  format: ['esm', 'cjs'],
  fixedExtension: true,
  dts: true,
  sourcemap: true,
  platform: 'node',
  target: 'node22',
})
