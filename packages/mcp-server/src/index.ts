export { compositeTools } from './composite.js'
export {
  type CliConfig,
  ConfigError,
  DEFAULT_TOOLSETS,
  type HttpConfig,
  parseConfig,
  parseToolsets,
  type ServerConfig,
  TOOLSETS,
  type Toolset,
} from './config.js'
export { CursorError } from './cursor.js'
export { type HttpServerOptions, type RunningHttpServer, startHttpServer } from './http.js'
export {
  boundedText,
  type CreateServerOptions,
  createAvalancheClient,
  createServer,
  MAX_TEXT_CHARS,
  selectTools,
} from './server.js'
export {
  catalogTools,
  DEFAULT_LIMIT,
  MAX_LIMIT,
  operationTool,
  type ToolDefinition,
  ToolInputError,
  toolName,
} from './tools.js'
