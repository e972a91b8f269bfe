import { fileURLToPath } from 'node:url'
import { defineConfig } from 'tsdown'
import { mapsWithoutShippedSources } from '../../scripts/maps-without-shipped-sources.ts'

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

/**
 * The SDK's Server imports its Ajv validator (Ajv and ajv-formats: a tenth of the bundle, built at every start) to check
 * elicitation answers. This server elicits nothing and hands the SDK a validator that builds Ajv only if asked
 * (server.ts), so the CLI bundle takes a stand-in for the SDK's Ajv module instead.
 */
const noAjv = fileURLToPath(new URL('src/bundle/no-ajv.ts', import.meta.url))
const withoutAjv = {
  name: 'without-ajv',
  resolveId(source: string, importer: string | undefined) {
    const sdkAjv =
      source === '@modelcontextprotocol/sdk/validation/ajv' ||
      (importer?.includes('@modelcontextprotocol') && source.endsWith('/validation/ajv-provider.js'))
    return sdkAjv ? noAjv : undefined
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
    // The package ships src/: its maps point there rather than carry a copy.
    plugins: [mapsWithoutShippedSources(fileURLToPath(new URL('.', import.meta.url)))],
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
    plugins: [withoutAjv, builtinsWithoutFacades],
    // ASCII only (other characters escaped) and without comments but licences (799 -> 621 kB): Node then reads it
    // without decoding UTF-8, and V8 keeps its source as one-byte text. A start ~10 ms sooner (client-profile.md).
    outputOptions: { charset: 'ascii', comments: { legal: true, annotation: false, jsdoc: false } },
  },
])
