import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'tsdown'
import { arrowsAsFunctions } from '../../scripts/arrows-as-functions.ts'

// One undici for the whole bundle (core's): @octokit/action and @actions/http-client pin older majors of it, and
// three copies would triple the bundle. They use only fetch, Agent and ProxyAgent, which undici 8 keeps.
const undici = dirname(createRequire(import.meta.resolve('@avalanche-automation/core')).resolve('undici/package.json'))
// yaml's ES module build (its package's browser entry; the same code): rolldown then keeps what `parse` needs, without
// wrapping each of yaml's CommonJS modules in a function that Node compiles twice.
const yamlEsm = `${dirname(createRequire(import.meta.url).resolve('yaml/package.json'))}/browser/index.js`

// @actions/core imports `crypto` for output delimiters only: src/bundle/urandom-uuid.ts stands in (4-5 ms of a run).
// For @actions/core alone, not as an alias: any other module that imports Node's crypto must get it.
const urandomUuid = fileURLToPath(new URL('src/bundle/urandom-uuid.ts', import.meta.url))
const actionsCoreWithoutNodeCrypto = {
  name: 'actions-core-without-node-crypto',
  resolveId: (source: string, importer: string | undefined) =>
    source === 'crypto' && importer?.includes('/@actions/core/') ? urandomUuid : undefined,
}

export default defineConfig([
  {
    // The Action: one self-contained ESM file, committed (runs.main in action.yml). No source maps, no hashes, no
    // absolute paths: rebuilding from the same sources reproduces it byte for byte (the check-dist test).
    entry: { index: 'src/index.ts' },
    format: 'esm',
    platform: 'node',
    target: 'node24',
    outExtensions: () => ({ js: '.js' }),
    clean: false,
    dts: false,
    sourcemap: false,
    minify: true,
    // Nothing bundles the Action further: the pure annotations that let rolldown drop unused code are dead weight.
    // What only runs that talk to GitHub load (Octokit, undici) is a chunk of its own, named without a hash; so is what
    // only runs with a Data API, Metrics API or call check load: core's root entry (core.js) and the Data and Metrics
    // APIs' operations (core-catalog.js). A run of node checks loads index.js and core-node.js (zod, core's client and
    // node services), 276 of the 359 kB (bench/results/client-profile.md).
    // ASCII only (other characters escaped): Node then reads the file without decoding UTF-8 and V8 keeps its source as
    // one-byte text: 184.9 vs 178.1 ms of CPU a run (medians of 21, bench/results/client-profile.md).
    outputOptions: {
      charset: 'ascii',
      comments: { annotation: false },
      chunkFileNames: (chunk) => {
        if (chunk.moduleIds.some((id) => id.includes('@octokit'))) return 'octokit.js'
        if (chunk.name === 'catalog') return 'core-catalog.js'
        if (chunk.isDynamicEntry) return 'core.js'
        return chunk.moduleIds.some((id) => id.endsWith('core/src/client.ts')) ? 'core-node.js' : '[name].js'
      },
      codeSplitting: {
        // The modules of core that its node entry does not use (lenient.ts and record-keys.ts it does), and its root.
        groups: [
          {
            name: 'catalog',
            test: /core\/src\/(data\/(?!lenient|record-keys)|catalog\.ts|services\.ts|index\.ts)/,
            includeDependenciesRecursively: false,
          },
        ],
      },
    },
    deps: { alwaysBundle: [/.*/], onlyBundle: false },
    // Module-level arrows as function expressions, which V8 skims until they run (scripts/arrows-as-functions.ts).
    plugins: [arrowsAsFunctions(), actionsCoreWithoutNodeCrypto],
    alias: {
      undici,
      yaml: yamlEsm,
      '@actions/exec': fileURLToPath(new URL('src/bundle/no-exec.ts', import.meta.url)),
      '@actions/http-client/lib/auth': fileURLToPath(new URL('src/bundle/no-http-client.ts', import.meta.url)),
      '@actions/http-client': fileURLToPath(new URL('src/bundle/no-http-client.ts', import.meta.url)),
    },
    inputOptions: { resolve: { conditionNames: ['source', 'import', 'node', 'default'] } },
  },
  {
    // The CLI: dependencies stay imports (the devnet is loaded only with --devnet).
    entry: ['src/cli.ts'],
    format: 'esm',
    platform: 'node',
    target: 'node22',
    fixedExtension: true,
    clean: false,
    dts: false,
    sourcemap: false,
  },
])
