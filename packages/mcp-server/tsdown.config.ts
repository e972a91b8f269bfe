import { defineConfig } from 'tsdown'

export default defineConfig([
  {
    // The library: dependencies stay imports.
    entry: ['src/index.ts'],
    format: ['esm'],
    fixedExtension: true,
    dts: true,
    sourcemap: true,
    platform: 'node',
    target: 'node22',
  },
  {
    // The CLI: one bundle with its dependencies (core, the MCP SDK, zod). Resolving and loading hundreds of module
    // files was most of a cold start; one file loads in a third of the time.
    entry: ['src/cli.ts'],
    format: ['esm'],
    fixedExtension: true,
    clean: false,
    dts: false,
    sourcemap: false,
    platform: 'node',
    target: 'node22',
    deps: { alwaysBundle: [/.*/], onlyBundle: false },
  },
])
