// Types of the undici module the undici transport loads directly (./undici.ts says why): it exports one value.
declare module 'undici/lib/dispatcher/agent.js' {
  import type { Agent } from 'undici'

  const AgentClass: typeof Agent
  export default AgentClass
}
