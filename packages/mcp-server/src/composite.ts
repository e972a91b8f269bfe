import {
  type AvalancheClient,
  formatAmount,
  isNodeId,
  PChainBalances,
  parseAddress,
  toJson,
  XChainBalances,
} from '@avalanche-automation/core'
import * as z from 'zod'
import {
  compactSchema,
  jsonSchema,
  type ObjectSchema,
  OUTPUT_SCHEMA_DEPTH,
  type ToolContext,
  type ToolDefinition,
  ToolInputError,
} from './tools.js'

/**
 * Tools that answer a whole question with several core calls: a validator's standing, an address across chains, the
 * node's chains. Each part that fails is reported in place (`error`) instead of failing the whole answer.
 */

const amount = z.string().describe('Decimal string in the smallest unit (nAVAX for AVAX: 1 AVAX = 10^9 nAVAX).')
const errorField = z.string().optional().describe('Why this part could not be read.')

const validatorView = z.object({
  txID: z.string().optional(),
  validationID: z.string().optional(),
  startTime: z.string().optional().describe('Unix seconds.'),
  endTime: z.string().optional().describe('Unix seconds.'),
  secondsLeft: z.number().optional().describe('Seconds until endTime.'),
  weight: z.string().optional(),
  uptime: z.number().optional().describe('Percent, as the node observed it (Primary Network only).'),
  connected: z.boolean().optional(),
  delegationFee: z.number().optional().describe('Percent.'),
  potentialReward: amount.optional(),
  delegatorCount: z.string().optional(),
  delegatorWeight: z.string().optional(),
  delegators: z
    .array(z.object({ txID: z.string(), weight: z.string(), endTime: z.string() }))
    .optional()
    .describe('Up to 20 delegators, largest weight first.'),
  balance: amount.optional().describe('L1 validators: the balance paying the continuous fee, in nAVAX.'),
})

const validatorInput = z.strictObject({
  nodeID: z.string().describe('NodeID-... of the validator.'),
  subnetID: z.string().optional().describe('Also report its record on this Subnet or L1.'),
})
const validatorOutput = z.object({
  nodeID: z.string(),
  primaryNetwork: z.object({ validator: validatorView.nullable(), error: errorField }),
  subnet: z.object({ subnetID: z.string(), validator: validatorView.nullable(), error: errorField }).optional(),
  findings: z.array(z.string()).describe('Problems worth attention, most important first; empty when none.'),
})

type Json = Record<string, unknown>

const schemas = new Map<z.ZodType, ObjectSchema>()
/**
 * JSON Schema of a zod schema, built on first use. Output schemas are compacted like the operations' (the first
 * levels, without `required`: a cut result may omit parts); the results themselves show the rest.
 */
function schemaOf(schema: z.ZodType, output = false): ObjectSchema {
  let out = schemas.get(schema)
  if (!out) {
    out = output ? (compactSchema(jsonSchema(schema), OUTPUT_SCHEMA_DEPTH) as ObjectSchema) : jsonSchema(schema)
    schemas.set(schema, out)
  }
  return out
}

function view(record: Json, now: number): z.output<typeof validatorView> {
  const out = toJson(record) as Json
  const pick = <K extends keyof z.output<typeof validatorView>>(k: K) =>
    out[k] === undefined ? {} : { [k]: out[k] as z.output<typeof validatorView>[K] }
  const delegators = (out.delegators as Json[] | null | undefined) ?? undefined
  const endTime = out.endTime as string | undefined
  return {
    ...pick('txID'),
    ...pick('validationID'),
    ...pick('startTime'),
    ...pick('endTime'),
    ...(endTime && { secondsLeft: Number(endTime) - Math.floor(now / 1000) }),
    ...pick('weight'),
    ...pick('uptime'),
    ...pick('connected'),
    ...pick('delegationFee'),
    ...pick('potentialReward'),
    ...pick('delegatorCount'),
    ...pick('delegatorWeight'),
    ...pick('balance'),
    ...(delegators && {
      delegators: delegators
        .map((d) => ({ txID: String(d.txID), weight: String(d.weight), endTime: String(d.endTime) }))
        .sort((a, b) => (BigInt(b.weight) > BigInt(a.weight) ? 1 : BigInt(b.weight) < BigInt(a.weight) ? -1 : 0))
        .slice(0, 20),
    }),
  }
}

async function part<T>(read: () => Promise<T>): Promise<{ value?: T; error?: string }> {
  try {
    return { value: await read() }
  } catch (error) {
    return { error: (error as Error).message }
  }
}

async function validatorRecord(client: AvalancheClient, nodeID: string, subnetID?: string) {
  const { validators } = await client.platform.getCurrentValidators({
    nodeIDs: [nodeID],
    ...(subnetID && { subnetID }),
  })
  const record = (validators ?? []).find((v) => (v as Json).nodeID === nodeID)
  return record ? view(record as Json, Date.now()) : null
}

const validatorReport: ToolDefinition = {
  name: 'avalanche_validator_report',
  toolset: 'pchain',
  title: 'Validator report',
  description:
    "A validator's standing in one call: its current record on the Primary Network (and on subnetID when given) with uptime, connection, weight, end time, time left, delegation fee, rewards and delegators, plus findings such as not connected, uptime under the 80% reward threshold, ending within 7 days, or not a validator.",
  get inputSchema() {
    return schemaOf(validatorInput)
  },
  get outputSchema() {
    return schemaOf(validatorOutput, true)
  },
  annotations: {
    title: 'Validator report',
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: true,
  },
  async run(args, { client }) {
    const { nodeID, subnetID } = parse(validatorInput, args)
    if (!isNodeId(nodeID)) throw new ToolInputError(`nodeID: expected "NodeID-" followed by cb58 (got "${nodeID}")`)
    const [primary, subnet] = await Promise.all([
      part(() => validatorRecord(client, nodeID)),
      subnetID ? part(() => validatorRecord(client, nodeID, subnetID)) : undefined,
    ])
    const findings: string[] = []
    const check = (where: string, v: z.output<typeof validatorView> | null | undefined, error?: string) => {
      if (error) findings.push(`${where}: could not be read (${error})`)
      else if (!v) findings.push(`${where}: ${nodeID} is not a current validator`)
      if (!v) return
      if (v.connected === false) findings.push(`${where}: the node is not connected`)
      if (v.uptime !== undefined && v.uptime < 80) findings.push(`${where}: uptime ${v.uptime}% is below 80%`)
      if (v.secondsLeft !== undefined && v.secondsLeft < 7 * 86_400)
        findings.push(`${where}: validation ends in ${Math.max(0, Math.round(v.secondsLeft / 3600))} hours`)
    }
    check('Primary Network', primary.value, primary.error)
    if (subnetID && subnet) check(`Subnet ${subnetID}`, subnet.value, subnet.error)
    return {
      nodeID,
      primaryNetwork: { validator: primary.value ?? null, ...(primary.error && { error: primary.error }) },
      ...(subnetID &&
        subnet && {
          subnet: { subnetID, validator: subnet.value ?? null, ...(subnet.error && { error: subnet.error }) },
        }),
      findings,
    }
  },
}

// ---- address overview --------------------------------------------------------------------------------------------

/** UTXOs read per chain before the balance is reported as partial. */
const MAX_UTXOS = 20_000

const partial = {
  utxoCount: z.number(),
  complete: z
    .boolean()
    .describe(`False when the address holds more than ${MAX_UTXOS} UTXOs and only those were summed.`),
  error: errorField,
}
const avaxText = (what: string) => z.string().describe(`${what}, in AVAX (decimal).`)
const xBalances = z
  .object({
    ...partial,
    byAsset: z.array(
      z.object({
        assetID: z.string(),
        spendable: amount.describe(
          'What the address can spend alone now: UTXOs it is the only owner of whose locktime has passed (avm.getBalance without includePartial).',
        ),
        total: amount.describe(
          'Every UTXO it owns or co-owns, multisig and time-locked included (avm.getBalance with includePartial).',
        ),
      }),
    ),
    avax: z.object({ spendable: avaxText('AVAX spendable alone'), total: avaxText('All AVAX UTXOs') }).optional(),
  })
  .describe("X-Chain balances by avm.getBalance's rules, summed from every UTXO.")
const pBalances = z
  .object({
    ...partial,
    byAsset: z.array(
      z.object({
        assetID: z.string(),
        unlocked: amount.describe('Spendable now (platform.getBalance unlocked).'),
        lockedStakeable: amount.describe(
          'Stake-locked (e.g. genesis vesting): usable only for staking until its stake locktime (lockedStakeable).',
        ),
        lockedNotStakeable: amount.describe(
          'Its own locktime is still ahead: not usable at all yet (lockedNotStakeable).',
        ),
        total: amount.describe('The three added (platform.getBalance balance).'),
      }),
    ),
    avax: z
      .object({
        unlocked: avaxText('Unlocked AVAX'),
        lockedStakeable: avaxText('Stake-locked AVAX'),
        lockedNotStakeable: avaxText('Time-locked AVAX'),
        total: avaxText('All AVAX'),
      })
      .optional(),
  })
  .describe(
    'P-Chain balances split as platform.getBalance splits them, summed from every UTXO (stake-locked ones too).',
  )
const recent = z.object({
  transactions: z.array(z.record(z.string(), z.unknown())).optional(),
  error: errorField,
})
const addressInput = z.strictObject({
  address: z.string().describe('X-..., P-... or bare bech32 address (avax1..., fuji1...); both chains are read.'),
  evmAddress: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, { error: 'expected a 0x-prefixed 20-byte hex address' })
    .optional()
    .describe(
      '0x address on the C-Chain (it differs from the bech32 one): native and ERC-20 balances via the Data API.',
    ),
  recentLimit: z.number().int().min(0).max(20).default(5).describe('Recent transactions per chain, 0 to 20.'),
})
const addressOutput = z.object({
  x: z.object({ address: z.string(), balances: xBalances, recent: recent.optional() }),
  p: z.object({ address: z.string(), balances: pBalances, recent: recent.optional() }),
  c: z
    .object({
      address: z.string(),
      nativeBalance: amount.optional(),
      erc20: z.array(z.record(z.string(), z.unknown())).optional(),
      recent: recent.optional(),
      error: errorField,
    })
    .optional(),
  notes: z.array(z.string()),
})

/**
 * Sums one address's UTXOs by the node's rules (core's XChainBalances / PChainBalances: avm.getBalance's and
 * platform.getBalance's) at this machine's clock; the node compares locktimes with its own, seconds apart at most.
 */
async function utxoBalances(client: AvalancheClient, chain: 'X' | 'P', address: string, avaxAssetID?: string) {
  try {
    const now = Math.floor(Date.now() / 1000)
    const sums = chain === 'X' ? new XChainBalances(now) : new PChainBalances(now)
    const walk =
      chain === 'X'
        ? client.avm.getUTXOs.items({ addresses: [address] }, { limit: MAX_UTXOS + 1 })
        : client.platform.getUTXOs.items({ addresses: [address] }, { limit: MAX_UTXOS + 1 })
    let count = 0
    for await (const utxo of walk) {
      if (++count > MAX_UTXOS) break
      sums.add(utxo)
    }
    const text = (figures: Record<string, bigint>, format: (n: bigint) => string) =>
      Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, format(v)]))
    const avax = avaxAssetID !== undefined ? sums.byAsset.get(avaxAssetID) : undefined
    return {
      utxoCount: Math.min(count, MAX_UTXOS),
      complete: count <= MAX_UTXOS,
      byAsset: [...sums.byAsset].map(([assetID, figures]) => ({ assetID, ...text({ ...figures }, String) })),
      ...(avax && { avax: text({ ...avax }, (n) => formatAmount(n, 9)) }),
    }
  } catch (error) {
    return { utxoCount: 0, complete: false, byAsset: [], error: (error as Error).message }
  }
}

const addressOverview: ToolDefinition = {
  name: 'avalanche_address_overview',
  toolset: 'xchain',
  title: 'Address overview',
  description:
    "Balances of one address on the X-Chain and the P-Chain, summed from every UTXO by the node's own rules (by asset, in the smallest unit, plus AVAX in AVAX): X-Chain spendable (held by the address alone, locktime passed: what avm.getBalance reports) and total (multisig and time-locked UTXOs too: avm.getBalance with includePartial); P-Chain unlocked, lockedStakeable (stake-locked, usable only for staking), lockedNotStakeable (time-locked) and total, as platform.getBalance splits them. With its recent transactions on each chain from the Data API when one is configured; with evmAddress also its C-Chain native and ERC-20 balances and recent transactions (Data API).",
  get inputSchema() {
    return schemaOf(addressInput)
  },
  get outputSchema() {
    return schemaOf(addressOutput, true)
  },
  annotations: {
    title: 'Address overview',
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: true,
  },
  async run(args, context) {
    const { address, evmAddress, recentLimit } = parse(addressInput, args)
    const { client } = context
    let parsed: ReturnType<typeof parseAddress>
    try {
      parsed = parseAddress(address, { allowBare: true })
    } catch (error) {
      throw new ToolInputError(`address: ${(error as Error).message}`)
    }
    const bare = address.slice(address.indexOf('-') + 1)
    const x = `X-${bare}`
    const p = `P-${bare}`
    const notes: string[] = []
    const dataNetwork = parsed.hrp === 'avax' ? 'mainnet' : 'fuji'
    const useData = dataApiConfigured(context) && recentLimit > 0
    if (!useData && recentLimit > 0)
      notes.push('Recent transactions need the Data API (set AVALANCHE_DATA_API_URL or use mainnet/fuji).')
    const avax = await part(() => client.avm.getAssetDescription({ assetID: 'AVAX' }))
    const recentOf = (blockchainId: 'x-chain' | 'p-chain', addr: string) =>
      useData
        ? part(() =>
            client.data.listLatestPrimaryNetworkTransactions({
              network: dataNetwork,
              blockchainId,
              addresses: [addr],
              pageSize: recentLimit,
            }),
          ).then(({ value, error }) => ({
            ...(value && {
              transactions: (toJson((value as { transactions: unknown[] }).transactions) as Json[]).slice(
                0,
                recentLimit,
              ),
            }),
            ...(error && { error }),
          }))
        : undefined
    const [xBalances, pBalances, xRecent, pRecent, c] = await Promise.all([
      utxoBalances(client, 'X', x, avax.value?.assetID),
      utxoBalances(client, 'P', p, avax.value?.assetID),
      recentOf('x-chain', x),
      recentOf('p-chain', p),
      evmAddress ? cChain(context, evmAddress, recentLimit) : undefined,
    ])
    if (evmAddress && !dataApiConfigured(context)) notes.push('C-Chain balances need the Data API.')
    return {
      x: { address: x, balances: xBalances, ...(xRecent && { recent: xRecent }) },
      p: { address: p, balances: pBalances, ...(pRecent && { recent: pRecent }) },
      ...(c && { c }),
      notes,
    }
  },
}

function dataApiConfigured({ config }: ToolContext): boolean {
  return config.dataApiUrl !== undefined || config.network === 'mainnet' || config.network === 'fuji'
}

async function cChain(context: ToolContext, address: string, recentLimit: number) {
  const { client } = context
  if (!dataApiConfigured(context)) return { address, error: 'the Data API is not configured' }
  const chain = await part(() => client.info.getBlockchainID({ alias: 'C' }))
  if (!chain.value) return { address, error: chain.error }
  const chainId = chain.value.blockchainID
  const [tokens, txs] = await Promise.all([
    part(() => client.data.listErc20Balances({ chainId, address, pageSize: 20 })),
    recentLimit > 0
      ? part(() => client.data.listNativeTransactions({ chainId, address, pageSize: recentLimit }))
      : undefined,
  ])
  const t = toJson(tokens.value) as
    | { nativeTokenBalance?: { balance?: string }; erc20TokenBalances?: Json[] }
    | undefined
  return {
    address,
    ...(t?.nativeTokenBalance?.balance !== undefined && { nativeBalance: t.nativeTokenBalance.balance }),
    ...(t?.erc20TokenBalances && { erc20: t.erc20TokenBalances }),
    ...(txs && {
      recent: {
        ...(txs.value && { transactions: toJson(txs.value.transactions) as Json[] }),
        ...(txs.error && { error: txs.error }),
      },
    }),
    ...(tokens.error && { error: tokens.error }),
  }
}

// ---- chain status ------------------------------------------------------------------------------------------------

const chainStatusOutput = z.object({
  healthy: z.boolean().nullable().describe('The node health API verdict; null when it could not be read.'),
  chains: z.array(
    z.object({
      chain: z.enum(['X', 'P', 'C']),
      blockchainID: z.string().optional(),
      bootstrapped: z.boolean().nullable(),
      healthy: z.boolean().nullable().describe("This chain's health check; null when the node has none."),
      height: z.string().nullable().describe('Last accepted height (decimal); null when unknown.'),
      error: errorField,
    }),
  ),
  failingChecks: z.array(z.object({ name: z.string(), error: z.string() })),
  error: errorField,
})

const noInput = z.strictObject({})

const chainStatus: ToolDefinition = {
  name: 'avalanche_chain_status',
  toolset: 'node',
  title: 'Chain status',
  description:
    "The node's health and, for the X-, P- and C-Chain, whether it is bootstrapped, its health check and its last accepted height; lists every failing health check with its error.",
  get inputSchema() {
    return schemaOf(noInput)
  },
  get outputSchema() {
    return schemaOf(chainStatusOutput, true)
  },
  annotations: {
    title: 'Chain status',
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: true,
  },
  async run(args, { client }) {
    parse(noInput, args)
    const health = await part(() => client.health.health())
    const checks = health.value?.checks ?? {}
    const heights: Record<'X' | 'P', () => Promise<{ height: bigint }>> = {
      X: () => client.avm.getHeight(),
      P: () => client.platform.getHeight(),
    }
    const chains = await Promise.all(
      (['X', 'P', 'C'] as const).map(async (chain) => {
        const [boot, id, height] = await Promise.all([
          part(() => client.info.isBootstrapped({ chain })),
          part(() => client.info.getBlockchainID({ alias: chain })),
          chain === 'C' ? part(async () => undefined) : part(heights[chain]),
        ])
        const check = checks[chain]
        const fromHealth = (check?.message as { engine?: { consensus?: { lastAcceptedHeight?: unknown } } } | undefined)
          ?.engine?.consensus?.lastAcceptedHeight
        const h = height.value?.height ?? fromHealth
        const errors = [boot.error, height.error].filter(Boolean)
        return {
          chain,
          ...(id.value && { blockchainID: id.value.blockchainID }),
          bootstrapped: boot.value?.isBootstrapped ?? null,
          healthy: check ? !check.error : null,
          height: h === undefined || h === null ? null : String(h),
          ...(errors.length && { error: errors.join('; ') }),
        }
      }),
    )
    return {
      healthy: health.value?.healthy ?? null,
      chains,
      failingChecks: Object.entries(checks)
        .filter(([, c]) => c.error)
        .map(([name, c]) => ({ name, error: String(c.error) })),
      ...(health.error && { error: health.error }),
    }
  },
}

/** Validates composite tool arguments; problems name the argument and what is accepted. */
function parse<S extends z.ZodType>(schema: S, args: unknown): z.output<S> {
  const result = schema.safeParse(args ?? {})
  if (result.success) return result.data
  throw new ToolInputError(
    result.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; '),
  )
}

export const compositeTools: readonly ToolDefinition[] = [chainStatus, validatorReport, addressOverview]
