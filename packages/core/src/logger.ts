/** Where the client reports what it does. No output by default; adapters pass n8n's, the Action's or stderr. */
export interface Logger {
  debug(message: string, meta?: Record<string, unknown>): void
  warn(message: string, meta?: Record<string, unknown>): void
}

export const silentLogger: Logger = { debug() {}, warn() {} }
