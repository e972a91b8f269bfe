import type { Transport } from '../transport.js'
import { createNodeTransport, type NodeTransport, type NodeTransportOptions } from './node.js'
import { createUndiciTransport, loadUndici } from './undici.js'

/** The requests a client sends through node:http before it moves to undici. */
export const UNDICI_AFTER = 32

/**
 * The default transport under Node: node:http (in Node already) for a client's first requests, undici once the
 * client has sent UNDICI_AFTER of them. Loading undici costs ~40 ms of CPU, more than a program making a few calls
 * spends on everything else; undici then saves tens of µs a call and more at high concurrency
 * (bench/results/transports.md), so a busy client recovers the cost and a short program never pays it. undici loads
 * in the background: requests keep going through node:http until it is ready, and node:http's sockets close once
 * its last request is answered. If undici cannot load, node:http carries on.
 */
export function createTieredTransport(options: NodeTransportOptions = {}): NodeTransport {
  const first = createNodeTransport(options)
  let busy: NodeTransport | undefined
  let moving: Promise<void> | undefined
  let sent = 0
  let inFlight = 0
  let closed = false

  const settled = () => {
    if (--inFlight === 0 && busy) void first.close()
  }
  const transport: Transport = (req) => {
    if (busy) return busy(req)
    if (++sent === UNDICI_AFTER) {
      moving = loadUndici().then(
        () => {
          if (closed) return
          busy = createUndiciTransport(options)
          if (inFlight === 0) void first.close()
        },
        () => {},
      )
    }
    inFlight++
    const response = first(req)
    response.then(settled, settled)
    return response
  }
  return Object.assign(transport, {
    close: async () => {
      closed = true
      await moving
      await Promise.all([first.close(), busy?.close()])
    },
  })
}
