/**
 * A program that makes one call (platform.getHeight) and exits, for the cold-start rows; plain JavaScript, so that
 * Node loads no type stripper:  node one-call.mjs <http|core|core-node> <url>
 * `http` is the floor: Node's own http client (by getBuiltinModule: no module to load) and JSON.parse. `core` imports
 * the root entry (every service), `core-node` the lean entry of the node's services.
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
} else {
  const { createClient } = await import(
    mode === 'core-node' ? '@avalanche-automation/core/node' : '@avalanche-automation/core'
  )
  const client = createClient({ nodeUrl: url })
  process.stdout.write(`${(await client.platform.getHeight()).height}\n`)
  await client.close()
}
