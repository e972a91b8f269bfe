/**
 * A program that makes one call (platform.getHeight) and exits, for the cold-start rows; plain JavaScript, so that
 * Node loads no type stripper:  node one-call.mjs <http|core|core-node|avalanchejs|sdk-client> <url>
 * `http` is the floor: Node's own http client (by getBuiltinModule: no module to load) and JSON.parse. `core` imports
 * the root entry (every service), `core-node` the lean entry of the node's services; the peers as their READMEs show
 * (as in peers/libraries.ts).
 */
const [mode = 'core', url = ''] = process.argv.slice(2)

if (mode === 'http') {
  const { request } = process.getBuiltinModule('node:http')
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'platform.getHeight', params: {} })
  const text = await new Promise((resolve, reject) => {
    const req = request(
      `${url}/ext/bc/P`,
      { method: 'POST', headers: { 'content-type': 'application/json' } },
      (res) => {
        let chunks = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => (chunks += chunk))
        res.on('end', () => resolve(chunks))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
  process.stdout.write(`${JSON.parse(text).result.height}\n`)
} else if (mode === 'avalanchejs') {
  const { pvm } = await import('@avalabs/avalanchejs')
  process.stdout.write(`${(await new pvm.PVMApi(url).getHeight()).height}\n`)
} else if (mode === 'sdk-client') {
  const { createAvalancheClient } = await import('@avalanche-sdk/client')
  const { avalanche } = await import('@avalanche-sdk/client/chains')
  const client = createAvalancheClient({ chain: avalanche, transport: { type: 'http', url } })
  process.stdout.write(`${(await client.pChain.getHeight()).height}\n`)
} else {
  const { createClient } = await import(
    mode === 'core-node' ? '@avalanche-automation/core/node' : '@avalanche-automation/core'
  )
  const client = createClient({ nodeUrl: url })
  process.stdout.write(`${(await client.platform.getHeight()).height}\n`)
  await client.close()
}
