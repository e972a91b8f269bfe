/**
 * How the catalog's method and parameter names read in n8n: Title Case with n8n's small words in lower case, the
 * ecosystem's spelling of acronyms (`ERC-20`, `EVM`, `TPS`), and a few operations named by what they do for a user.
 */

/** Words spelled the ecosystem's way (after the first letter is upper-cased). */
const SPELLING: Record<string, string> = {
  Id: 'ID',
  Ids: 'IDs',
  Tx: 'Transaction',
  Txs: 'Transactions',
  Erc20: 'ERC-20',
  Erc721: 'ERC-721',
  Erc1155: 'ERC-1155',
  Evm: 'EVM',
  Tps: 'TPS',
  Avg: 'Average',
  Avax: 'AVAX',
  Icm: 'ICM',
  Btcb: 'BTC.b',
  Utxo: 'UTXO',
  Utxos: 'UTXOs',
  Src: 'Source',
  Dest: 'Destination',
  Timeseries: 'Time Series',
  Url: 'URL',
}

/** n8n's Title Case keeps these in lower case unless they start the name ("Get Block by Height"). */
const SMALL_WORDS = new Set(['By', 'For', 'At', 'Of', 'To', 'Or', 'And', 'In', 'On', 'From', 'With'])

function words(identifier: string): string[] {
  return (identifier.match(/[A-Z]{2,}s?(?![a-z])|[A-Z]?[a-z0-9]+|[A-Z]+/g) ?? [identifier]).map((w) => {
    const word = w.charAt(0).toUpperCase() + w.slice(1)
    return SPELLING[word] ?? word
  })
}

function titleCase(parts: string[]): string {
  return parts.map((w, i) => (i > 0 && SMALL_WORDS.has(w) ? w.toLowerCase() : w)).join(' ')
}

/**
 * Operations whose method name does not say what they do for a user, and the three health pairs, which differ only in
 * how they reach the node (the JSON-RPC call or the HTTP GET probe load balancers poll).
 */
const OPERATION_NAMES: Record<string, string> = {
  'info.peers': 'Get Peers',
  'info.uptime': 'Get Uptime',
  'health.health': 'Get Health',
  'health.readiness': 'Get Readiness',
  'health.liveness': 'Get Liveness',
  'health.getHealth': 'Probe Health',
  'health.getReadiness': 'Probe Readiness',
  'health.getLiveness': 'Probe Liveness',
  'platform.getValidatorsAt': 'Get Validators at Height',
  'admin.alias': 'Alias API Endpoint',
  'metrics.healthCheck': 'Check Health',
  'metrics.liveCheck': 'Check Liveness',
  'data.healthCheck': 'Check Health',
  'data.liveCheck': 'Check Liveness',
  // The Webhook resource, named the way n8n's own nodes name a resource's operations.
  'data.createWebhook': 'Create',
  'data.getWebhook': 'Get',
  'data.listWebhooks': 'Get Many',
  'data.updateWebhook': 'Update',
  'data.deactivateWebhook': 'Deactivate',
  'data.addAddressesToWebhook': 'Add Addresses',
  'data.removeAddressesFromWebhook': 'Remove Addresses',
  'data.getAddressesFromWebhook': 'Get Many Addresses',
  'data.generateOrRotateSharedSecret': 'Generate or Rotate Shared Secret',
  'data.getSharedSecret': 'Get Shared Secret',
}

/** Picker labels ("actions") where the operation's name alone would not say what it acts on ("Create"). */
export const OPERATION_ACTIONS: Record<string, string> = {
  'data.createWebhook': 'Create a webhook',
  'data.getWebhook': 'Get a webhook',
  'data.listWebhooks': 'Get many webhooks',
  'data.updateWebhook': 'Update a webhook',
  'data.deactivateWebhook': 'Deactivate a webhook',
  'data.addAddressesToWebhook': 'Add addresses to a webhook',
  'data.removeAddressesFromWebhook': 'Remove addresses from a webhook',
  'data.getAddressesFromWebhook': 'Get many addresses of a webhook',
  'data.generateOrRotateSharedSecret': 'Generate or rotate the shared secret',
  'data.getSharedSecret': 'Get the shared secret',
}

/**
 * Descriptions that say how an operation differs from its near-duplicate, and what the Webhook resource's destructive
 * operations break (n8n has no annotation for that: the description is where a user and an agent read it).
 */
export const OPERATION_DESCRIPTIONS: Record<string, string> = {
  'data.deactivateWebhook':
    'Destructive: stops every delivery of the webhook at once, and nothing is delivered until Update sets its Status back to Active',
  'data.removeAddressesFromWebhook':
    'Destructive: stops the events of these addresses at once (Add Addresses resumes them); answers the webhook',
  'data.generateOrRotateSharedSecret':
    "Create the account's signing secret, or replace it. Destructive when one exists: receivers that check x-signature with the old secret reject every delivery until they have the new one. The secret is not in the output unless Include Secret in Output is on",
  'data.getSharedSecret':
    "The account's webhook signing secret, to check x-signature. The secret is not in the output unless Include Secret in Output is on",
  'health.health':
    "The node's overall health and each check's result, through the JSON-RPC API (Probe Health reads the same from the HTTP probe)",
  'health.readiness':
    'Whether the node is ready (its chains have finished bootstrapping) and each check, through the JSON-RPC API (Probe Readiness reads the same from the HTTP probe)',
  'health.liveness':
    'Whether the node process is alive and each check, through the JSON-RPC API (Probe Liveness reads the same from the HTTP probe)',
  'health.getHealth':
    'The same result as Get Health, read from the HTTP GET probe that load balancers poll (an unhealthy node is still a result, not an error)',
  'health.getReadiness':
    'The same result as Get Readiness, read from the HTTP GET readiness probe (a node not ready is still a result, not an error)',
  'health.getLiveness':
    'The same result as Get Liveness, read from the HTTP GET liveness probe (a node not alive is still a result, not an error)',
}

/** `getCurrentValidators` → `Get Current Validators`, `listErc20Balances` → `Get Many ERC-20 Balances`. */
export function operationName(operationId: string): string {
  const named = OPERATION_NAMES[operationId]
  if (named) return named
  const parts = words(operationId.slice(operationId.indexOf('.') + 1))
  if (parts[0] === 'List') parts.splice(0, 1, 'Get', 'Many')
  return titleCase(parts)
}

/** `nodeIDs` → `Node IDs`, `blockchainId` → `Blockchain ID`, `txHash` → `Transaction Hash`. */
export function fieldName(name: string): string {
  return titleCase(words(name))
}

/** `Get Current Validators` → `Get current validators`; acronyms and spellings stay (`Get UTXOs`, `Get many ERC-20 balances`). */
export function actionWords(name: string): string {
  return name
    .split(' ')
    .map((w, i) => (i > 0 && /^[A-Z][a-z]+$/.test(w) ? w.toLowerCase() : w))
    .join(' ')
}

/**
 * n8n renders descriptions as HTML, so `/ext/<alias>` would lose `<alias>` as an unknown tag: placeholders in angle
 * brackets are written in braces instead (`/ext/{alias}`).
 */
export function htmlSafe(text: string): string {
  return text.replace(/<([^<>]+)>/g, '{$1}')
}
