/**
 * Replaces `node:http` and `node:https` in the n8n bundle (the verification scanner allows no such import). Core's
 * default transport is never used there (the nodes inject one built on n8n's request helper); if it were, it fails
 * loudly instead of bypassing n8n's proxy, SSRF and credential handling.
 */
function unavailable(): never {
  throw new Error("Core's default transport is not available in the n8n nodes: pass a transport")
}
export class Agent {
  constructor() {
    unavailable()
  }
}
export const request = unavailable
export type IncomingMessage = never
