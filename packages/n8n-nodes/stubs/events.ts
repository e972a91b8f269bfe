/**
 * Replaces `node:events` in the n8n bundle (the verification scanner allows no such import). Core calls only
 * `setMaxListeners` to silence the listener-count warning on its shared deadline signals; a no-op is harmless.
 */
export function setMaxListeners(): void {}
