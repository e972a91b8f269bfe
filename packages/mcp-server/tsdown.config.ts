import { defineConfig } from 'tsdown'

/**
 * `import { Agent } from "node:http"` builds an ES module facade of node:http, and that reads every export, among them
 * lazy getters that load Node's bundled undici (about 20 ms of a 200 ms start). process.getBuiltinModule reads only
 * what is used.
 */
const builtinsWithoutFacades = {
  name: 'builtins-without-facades',
  renderChunk(code: string) {
    return code.replace(
      /^import \{([^}]*)\} from "(node:[a-z_/]+)";$/gm,
      (_, names: string, id: string) =>
        `const {${names.replace(/ as /g, ': ')}} = process.getBuiltinModule(${JSON.stringify(id)});`,
    )
  },
}

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
    plugins: [builtinsWithoutFacades],
  },
])
