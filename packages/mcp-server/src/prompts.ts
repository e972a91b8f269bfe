import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js'
import { cleanText } from './bounded.js'

export const prompts = [
  {
    name: 'validator_health_review',
    title: 'Validator health review',
    description: "Review a validator's standing: uptime, connection, end of staking period, delegations, node health.",
    arguments: [
      { name: 'nodeID', description: 'NodeID-... of the validator', required: true },
      { name: 'subnetID', description: 'A Subnet or L1 it also validates (optional)', required: false },
    ],
  },
  {
    name: 'address_activity_summary',
    title: 'Address activity summary',
    description: 'Summarise the balances and recent activity of an address across the X-, P- and C-Chain.',
    arguments: [
      { name: 'address', description: 'X-..., P-... or bare bech32 address', required: true },
      { name: 'evmAddress', description: 'Its 0x address on the C-Chain (optional)', required: false },
    ],
  },
  {
    name: 'chain_status_review',
    title: 'Chain status review',
    description: "Check the node's health and whether a chain (X, P or C) is bootstrapped and progressing.",
    arguments: [{ name: 'chain', description: 'X, P or C (all three when omitted)', required: false }],
  },
  {
    name: 'explore_operations',
    title: 'Find the operations for a task',
    description: 'Find, describe and call the operations that answer a question, beyond the listed tools.',
    arguments: [
      { name: 'task', description: 'What you want to know, in words', required: true },
      { name: 'toolset', description: 'Look in this toolset only (optional)', required: false },
    ],
  },
]

/** Prompt arguments are the user's words: cleaned and capped like chain-written text before they enter a prompt. */
const arg = (value: string | undefined) => (value === undefined ? undefined : cleanText(value, 500))

export function registerPrompts(server: Server, listed: ReadonlySet<string>): void {
  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts }))
  server.setRequestHandler(GetPromptRequestSchema, (request) => {
    const raw = request.params.arguments ?? {}
    const args = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, arg(v)]))
    const missing = (name: string) =>
      new McpError(ErrorCode.InvalidParams, `Prompt ${request.params.name} needs the argument ${name}`)
    const use = (name: string, fallback: string) =>
      listed.has(name) ? `\`${name}\`` : `${fallback} (through \`avalanche_call_operation\` when not listed)`
    let text: string
    switch (request.params.name) {
      case 'validator_health_review': {
        if (!args.nodeID) throw missing('nodeID')
        const subnet = args.subnetID ? ` and on the subnet ${args.subnetID}` : ''
        text = `Review the health of the Avalanche validator ${args.nodeID} on the Primary Network${subnet}.
1. Call ${use('avalanche_validator_report', '`platform_getCurrentValidators` with nodeIDs')} with nodeID "${args.nodeID}"${args.subnetID ? ` and subnetID "${args.subnetID}"` : ''}.
2. Call ${use('avalanche_chain_status', '`health_health`')} to see whether the node you are connected to is healthy and bootstrapped.
3. Report: is it validating, connected, its uptime against the 80% reward threshold, time left until endTime, weight and delegations (count and weight), potential reward; then every finding, most serious first, with a concrete action for each. Amounts are nAVAX (1 AVAX = 10^9 nAVAX).`
        break
      }
      case 'address_activity_summary': {
        if (!args.address) throw missing('address')
        const evm = args.evmAddress ? ` and evmAddress "${args.evmAddress}"` : ''
        text = `Summarise the activity of the Avalanche address ${args.address}.
1. Call ${use('avalanche_address_overview', '`avm_getUTXOs` and `platform_getUTXOs`')} with address "${args.address}"${evm}.
2. If recent transactions are listed, group them by type and direction; fetch details with ${use('avm_getTx', '`avm_getTx`')} only when needed.
3. Report balances per chain in AVAX (1 AVAX = 10^9 nAVAX on X/P, 10^18 wei on C) and other assets by ID, naming each figure: X-Chain spendable (held alone, unlocked) and total; P-Chain unlocked, lockedStakeable (stake-locked: staking only) and lockedNotStakeable (time-locked). Then the latest activity with dates, and anything unusual (locked or shared balances, errors, notes).`
        break
      }
      case 'chain_status_review': {
        const chain = args.chain?.toUpperCase()
        if (chain && !['X', 'P', 'C'].includes(chain)) throw new McpError(ErrorCode.InvalidParams, 'chain: X, P or C')
        text = `Check the status of ${chain ? `the ${chain}-Chain` : 'the X-, P- and C-Chain'} on the connected Avalanche node.
1. Call ${use('avalanche_chain_status', '`health_health` and `info_isBootstrapped`')}.
2. Report whether the node is healthy, whether ${chain ? 'the chain is' : 'each chain is'} bootstrapped, the last accepted height, and every failing health check with what it means and what to do.`
        break
      }
      case 'explore_operations': {
        if (!args.task) throw missing('task')
        const toolset = args.toolset ? ` with toolset "${args.toolset}"` : ''
        text = `Task: ${args.task}
1. Call \`avalanche_find_operations\` with words from the task${toolset} to find the operations that answer it.
2. Call \`avalanche_describe_operation\` for the most promising one to learn its arguments and result fields.
3. Call it (its own tool when listed, otherwise \`avalanche_call_operation\`); pass fields to keep only what the task needs, and follow nextCursor only as far as the task requires.
4. Answer the task from the results, naming the operations you used.`
        break
      }
      default:
        throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${request.params.name}; see prompts/list`)
    }
    return {
      description: prompts.find((p) => p.name === request.params.name)?.description,
      messages: [{ role: 'user' as const, content: { type: 'text' as const, text } }],
    }
  })
}
