import { defineConfig } from 'tsdown'

/**
 * n8n loads the CommonJS files named in package.json's `n8n` field, and community packages may not have runtime
 * dependencies: core and zod are bundled in; only n8n-workflow (a peer dependency) stays external.
 * Core's default transport (node:http/https) is replaced by a stub: the nodes always inject a transport built on
 * `this.helpers.httpRequestWithAuthentication`, and the scanner allows no `http` import.
 */
export default defineConfig({
  entry: {
    'nodes/Avalanche/Avalanche.node': 'nodes/Avalanche/Avalanche.node.ts',
    'nodes/AvalancheTrigger/AvalancheTrigger.node': 'nodes/AvalancheTrigger/AvalancheTrigger.node.ts',
    'nodes/AvalancheWebhookTrigger/AvalancheWebhookTrigger.node':
      'nodes/AvalancheWebhookTrigger/AvalancheWebhookTrigger.node.ts',
    'credentials/AvalancheNodeApi.credentials': 'credentials/AvalancheNodeApi.credentials.ts',
    'credentials/AvalancheDataApi.credentials': 'credentials/AvalancheDataApi.credentials.ts',
  },
  format: ['cjs'],
  outExtensions: () => ({ js: '.js' }),
  platform: 'node',
  target: 'node22',
  dts: false,
  sourcemap: false,
  deps: {
    neverBundle: ['n8n-workflow'],
    alwaysBundle: [/^@avalanche-automation\/core/, /^zod/],
    onlyBundle: false,
  },
  // The verification scanner rejects `globalThis`, timers and `Function`/eval anywhere in dist.
  // - zod keeps its global config and registry on `globalThis`: here they live in a bundle-local object, with
  //   zod's JIT (which compiles parsers with `Function`) switched off, and `Function` itself unavailable.
  // - Core's default `sleep` (setTimeout) is never called because the nodes inject n8n's `sleep`; in the bundle it
  //   would fail loudly instead.
  // - Core takes node:http/https (its default transport) and node:crypto (ID checksums, webhook signatures) by
  //   `process.getBuiltinModule` (the scanner rejects `process`): here node:crypto is required as before, and
  //   node:http/https get the same failing stand-ins as the aliases below.
  define: {
    'process.getBuiltinModule': '__builtinModule',
    globalThis: '__bundleGlobal',
    setTimeout: '__unavailable',
    clearTimeout: '__unavailable',
    Function: '__unavailable',
  },
  banner: {
    js: [
      'const __bundleGlobal = { __zod_globalConfig: { jitless: true } };',
      "function __unavailable() { throw new Error('Not available in the n8n nodes'); }",
      "const __builtinModule = (id) => id === 'node:crypto' ? require('node:crypto') : { Agent: __unavailable, request: __unavailable };",
    ].join('\n'),
  },
  // n8n loads these files as they are: the pure annotations that let rolldown drop unused code are dead weight.
  outputOptions: { chunkFileNames: 'shared/[name].js', comments: { annotation: false } },
  alias: {
    'node:http': new URL('./stubs/http.ts', import.meta.url).pathname,
    'node:https': new URL('./stubs/http.ts', import.meta.url).pathname,
    'node:events': new URL('./stubs/events.ts', import.meta.url).pathname,
  },
  copy: [
    { from: 'nodes/Avalanche/*.{svg,json}', to: 'dist/nodes/Avalanche' },
    { from: 'nodes/AvalancheTrigger/*.{svg,json}', to: 'dist/nodes/AvalancheTrigger' },
    { from: 'nodes/AvalancheWebhookTrigger/*.{svg,json}', to: 'dist/nodes/AvalancheWebhookTrigger' },
    { from: 'credentials/*.svg', to: 'dist/credentials' },
  ],
})
