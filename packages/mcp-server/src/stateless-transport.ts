import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js'
import {
  isJSONRPCErrorResponse,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type MessageExtraInfo,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js'

/** The answer to one request: its response, and the notifications the server sent about it meanwhile. */
export interface Exchange {
  response: JSONRPCMessage
  notifications: JSONRPCMessage[]
}

interface Pending {
  id: RequestId
  notifications: JSONRPCMessage[]
  resolve(exchange: Exchange): void
}

/**
 * An MCP transport that carries many independent requests to one long-lived server (stateless Streamable HTTP):
 * each request gets an ID of its own on the way in, so requests of different clients with the same JSON-RPC ID never
 * meet, and its response and related notifications come back to the HTTP exchange that sent it. Notifications about
 * no request have no session stream to go to and are dropped.
 */
export class StatelessTransport implements Transport {
  onclose?: (() => void) | undefined
  onerror?: ((error: Error) => void) | undefined
  onmessage?: (<T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void) | undefined
  private readonly pending = new Map<number, Pending>()
  private nextId = 0

  async start(): Promise<void> {}

  async close(): Promise<void> {
    for (const [id, p] of this.pending) {
      this.pending.delete(id)
      p.resolve({
        response: { jsonrpc: '2.0', id: p.id, error: { code: -32000, message: 'Server shutting down' } },
        notifications: p.notifications,
      })
    }
    this.onclose?.()
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) {
      const p = this.pending.get(message.id as number)
      if (!p) return // cancelled: its HTTP exchange is gone
      this.pending.delete(message.id as number)
      p.resolve({ response: { ...message, id: p.id }, notifications: p.notifications })
      return
    }
    const related = options?.relatedRequestId
    if (related !== undefined) this.pending.get(related as number)?.notifications.push(message)
  }

  /** Hands one request to the server; resolves with its response and notifications. */
  request(message: JSONRPCRequest, extra: MessageExtraInfo, signal: AbortSignal): Promise<Exchange> {
    const id = ++this.nextId
    return new Promise<Exchange>((resolve) => {
      this.pending.set(id, { id: message.id, notifications: [], resolve })
      // The HTTP exchange closed early: cancel the handler (the Protocol aborts its signal) and forget the request.
      signal.addEventListener(
        'abort',
        () => {
          if (!this.pending.delete(id)) return
          this.onmessage?.({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id } }, extra)
        },
        { once: true },
      )
      this.onmessage?.({ ...message, id }, extra)
    })
  }

  /** Hands a notification (e.g. notifications/initialized) to the server. */
  notify(message: JSONRPCMessage, extra: MessageExtraInfo): void {
    if (!isJSONRPCRequest(message)) this.onmessage?.(message, extra)
  }
}
