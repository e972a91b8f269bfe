export { compositeTools } from './composite.js'
export {
  type CliConfig,
  ConfigError,
  DEFAULT_MAX_RESULT_BYTES,
  DEFAULT_TOOLSETS,
  type HttpConfig,
  isTruthy,
  parseConfig,
  parseToolsets,
  type ServerConfig,
  TOOLSETS,
  type ToolSelection,
  type Toolset,
} from './config.js'
export { CursorError } from './cursor.js'
export { DIRECT_TOOLS } from './direct-tools.js'
export { discoveryTools } from './discovery.js'
export { type HttpServerOptions, type RunningHttpServer, startHttpServer } from './http.js'
export { forwardingLogger } from './logging.js'
export { MAX_TOOLS, selectTools } from './select.js'
export { type CreateServerOptions, createAvalancheClient, createServer } from './server.js'
export {
  catalogTools,
  DEFAULT_LIMIT,
  MAX_LIMIT,
  operationTool,
  type ToolDefinition,
  ToolInputError,
  toolName,
} from './tools.js'
