const { createClient } = await import('@avalanche-automation/core/node')
const client = createClient({ nodeUrl: process.argv[2] })
process.stdout.write(`${(await client.platform.getHeight()).height}\n`)
await client.close()
