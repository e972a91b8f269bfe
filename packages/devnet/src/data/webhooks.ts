import { createHash } from 'node:crypto'
import { signWebhookPayload } from '@avalanche-automation/core'
import { checksumAddress, type EvmChain, type EvmTx, type TransferRecord } from './evm-chain.js'
import type { EvmChains } from './evm-chains.js'
import { badRequest, notFound } from './http.js'
import type { Caller } from './rate-limit.js'

/**
 * The Webhooks API's subscriptions and deliveries (builders-hub webhook-api/index.mdx and retries.mdx; data-api.md
 * 0c). Subscriptions belong to the caller's account (its API key; callers without a key share one account, on the
 * free tier). Only `address_activity` webhooks are delivered: the devnet has no P/X-Chain event feed yet. Each new
 * EVM transaction that involves a watched address is delivered as the chain grows (`deliverNew`); `replay` resends
 * the latest ones on demand.
 */

/** How deliveries are timed. The documented values are the default; tests compress them. */
export interface WebhookDeliveryOptions {
  /** An attempt fails without a 2xx answer within this long (retries.mdx: "within 10 seconds"). */
  timeoutMs: number
  /**
   * Wait after failed attempt n before attempt n + 1 (retries.mdx: attempt 2 after 10 s, then 1 min, 5 min, 10 min,
   * 30 min, 2 h, 6 h, 12 h, 24 h). Its length + 1 is the number of attempts.
   */
  retryDelaysMs: readonly number[]
}

export const DOCUMENTED_DELIVERY: WebhookDeliveryOptions = {
  timeoutMs: 10_000,
  retryDelaysMs: [10_000, 60_000, 300_000, 600_000, 1_800_000, 7_200_000, 21_600_000, 43_200_000, 86_400_000],
}

/** retries.mdx, free tier: "Only five messages can enter the retry queue ... If a sixth message requires retry queuing ... deactivated". */
const FREE_TIER_RETRY_QUEUE = 5

export interface Webhook {
  id: string
  url: string
  chainId: string
  status: 'active' | 'inactive'
  createdAt: number
  name: string
  description: string
  eventType: string
  metadata: Record<string, unknown> & { addresses?: string[] }
  includeInternalTxs?: boolean
  includeLogs?: boolean
  network?: string
}

interface Subscription {
  webhook: Webhook
  account: string
  paid: boolean
  /** Messages that failed attempts 1 and 2 (entered the retry queue), over the subscription's lifetime. */
  queued: number
}

/** One attempt's outcome, for tests and the devnet's own log. */
export interface DeliveryAttempt {
  webhookId: string
  messageId: string
  attempt: number
  at: number
  /** The receiver's status, or `timeout` / `error` when none arrived in time. */
  outcome: number | 'timeout' | 'error'
}

const EVENT_TYPES = ['address_activity', 'primary_network_address_activity', 'validator_activity']
const CREATE_FIELDS = new Set([
  'eventType',
  'url',
  'name',
  'description',
  'chainId',
  'network',
  'metadata',
  'includeInternalTxs',
  'includeLogs',
])
const UPDATE_FIELDS = new Set(['name', 'description', 'url', 'status', 'includeInternalTxs', 'includeLogs'])
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const TRANSFER_SINGLE_TOPIC = '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62'

export class Webhooks {
  private readonly subscriptions = new Map<string, Subscription>()
  private readonly secrets = new Map<string, string>()
  /** Pending retries, by webhook ID. */
  private readonly timers = new Map<NodeJS.Timeout, string>()
  private readonly inFlight = new Set<AbortController>()
  private counter = 0
  private closed = false
  /** Every attempt made, oldest first. */
  readonly attempts: DeliveryAttempt[] = []
  /** Per EVM chain, the transactions already looked at for deliveries (those before the chain last grew). */
  private readonly delivered: Map<EvmChain, number>

  constructor(
    private readonly chains: EvmChains,
    private readonly seed: number,
    private readonly now: () => number,
    private readonly delivery: WebhookDeliveryOptions,
  ) {
    this.delivered = new Map(chains.list.map((m) => [m.chain, m.chain.txCount]))
  }

  /** A UUID-shaped ID from the seed and a counter: the same run gives the same IDs. */
  private uuid(kind: string): string {
    const hex = createHash('sha256')
      .update(`devnet/${this.seed}/${kind}/${++this.counter}`)
      .digest('hex')
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
  }

  // ---- the API (OpenAPI /v1/webhooks*) -----------------------------------------------------------------------

  create(caller: Caller, body: Record<string, unknown>): Webhook {
    rejectUnknown(body, CREATE_FIELDS)
    const problems: string[] = []
    const eventType = body.eventType
    if (typeof eventType !== 'string' || !EVENT_TYPES.includes(eventType)) {
      problems.push(`eventType must be one of the following values: ${EVENT_TYPES.join(', ')}`)
    }
    const url = checkUrl(body.url, problems)
    const metadata = body.metadata
    if (!metadata || typeof metadata !== 'object' || Array.isArray(metadata))
      problems.push('metadata must be an object')
    if (eventType !== 'validator_activity' && typeof body.chainId !== 'string')
      problems.push('chainId must be a string')
    if (eventType === 'address_activity') {
      if (typeof body.chainId === 'string' && !this.chains.get(body.chainId)) {
        problems.push(`chainId ${body.chainId} is not a chain this service indexes`)
      }
      checkAddresses((metadata as { addresses?: unknown } | undefined)?.addresses, problems)
    } else if (body.network !== 'mainnet' && body.network !== 'fuji') {
      problems.push('network must be one of the following values: mainnet, fuji')
    }
    if (problems.length) throw badRequest(problems)
    this.secretOf(caller.bucket) // deliveries are signed from the first one on
    const webhook: Webhook = {
      id: this.uuid('webhook'),
      url,
      chainId: String(body.chainId ?? ''),
      status: 'active',
      createdAt: Math.floor(this.now() / 1000),
      name: typeof body.name === 'string' ? body.name : '',
      description: typeof body.description === 'string' ? body.description : '',
      eventType: eventType as string,
      metadata: metadata as Webhook['metadata'],
      ...(typeof body.includeInternalTxs === 'boolean' ? { includeInternalTxs: body.includeInternalTxs } : {}),
      ...(typeof body.includeLogs === 'boolean' ? { includeLogs: body.includeLogs } : {}),
    }
    this.subscriptions.set(webhook.id, { webhook, account: caller.bucket, paid: caller.tier === 'full', queued: 0 })
    return webhook
  }

  list(caller: Caller, status: string | undefined): Webhook[] {
    return [...this.subscriptions.values()]
      .filter((s) => s.account === caller.bucket && (status === undefined || s.webhook.status === status))
      .map((s) => s.webhook)
  }

  get(caller: Caller, id: string): Webhook {
    return this.own(caller, id).webhook
  }

  update(caller: Caller, id: string, body: Record<string, unknown>): Webhook {
    const subscription = this.own(caller, id)
    rejectUnknown(body, UPDATE_FIELDS)
    const problems: string[] = []
    if (body.url !== undefined) checkUrl(body.url, problems)
    if (body.status !== undefined && body.status !== 'active' && body.status !== 'inactive') {
      problems.push('status must be one of the following values: active, inactive')
    }
    if (problems.length) throw badRequest(problems)
    const { webhook } = subscription
    Object.assign(webhook, body)
    if (webhook.status === 'inactive') this.stop(webhook.id)
    return webhook
  }

  deactivate(caller: Caller, id: string): Webhook {
    const { webhook } = this.own(caller, id)
    webhook.status = 'inactive'
    this.stop(id)
    return webhook
  }

  changeAddresses(caller: Caller, id: string, body: Record<string, unknown>, add: boolean): Webhook {
    const { webhook } = this.own(caller, id)
    rejectUnknown(body, new Set(['addresses']))
    const problems: string[] = []
    checkAddresses(body.addresses, problems)
    if (webhook.eventType !== 'address_activity') problems.push('addresses apply to address_activity webhooks only')
    if (problems.length) throw badRequest(problems)
    const given = body.addresses as string[]
    const current = webhook.metadata.addresses ?? []
    const key = (a: string) => a.toLowerCase()
    webhook.metadata.addresses = add
      ? [...current, ...given.filter((a) => !current.some((c) => key(c) === key(a)))]
      : current.filter((c) => !given.some((a) => key(a) === key(c)))
    return webhook
  }

  addresses(caller: Caller, id: string): string[] {
    return this.own(caller, id).webhook.metadata.addresses ?? []
  }

  /** The account's shared secret, made on first use (a create or getSharedSecret). */
  secretOf(account: string): string {
    let secret = this.secrets.get(account)
    if (!secret) secret = this.rotate(account)
    return secret
  }

  /** A new secret replaces the account's; later deliveries (retries too) are signed with it. */
  rotate(account: string): string {
    const secret = createHash('sha256')
      .update(`devnet/${this.seed}/secret/${account}/${++this.counter}`)
      .digest('hex')
    this.secrets.set(account, secret)
    return secret
  }

  private own(caller: Caller, id: string): Subscription {
    const subscription = this.subscriptions.get(id)
    if (!subscription || subscription.account !== caller.bucket) throw notFound(`Webhook ${id} not found`)
    return subscription
  }

  // ---- deliveries ---------------------------------------------------------------------------------------------

  /**
   * Sends the watched addresses' `limit` latest transactions on the webhook's chain (oldest first) as events, on
   * demand (a devnet that stands still has no new activity to deliver; a live one also delivers as it grows). Each
   * call makes new messages (fresh messageIds). Answers the messageIds.
   */
  replay(id: string, limit = 1): string[] {
    const subscription = this.subscriptions.get(id)
    if (!subscription) throw new Error(`replayWebhookActivity: no webhook ${id}`)
    const { webhook } = subscription
    if (webhook.status !== 'active') throw new Error(`replayWebhookActivity: webhook ${id} is inactive`)
    if (webhook.eventType !== 'address_activity') {
      throw new Error(
        `replayWebhookActivity: the devnet delivers address_activity webhooks only (${webhook.eventType})`,
      )
    }
    const chain = this.chains.get(webhook.chainId)?.chain as EvmChain
    const watched = (webhook.metadata.addresses ?? []).map((a) => a.toLowerCase())
    const found = new Map<number, EvmTx>()
    for (const address of watched) {
      let taken = 0
      for (const k of chain.candidates(address, 0, chain.txCount, undefined, true)) {
        const tx = chain.tx(k)
        if (!involves(tx, address)) continue
        found.set(k, tx)
        if (++taken >= limit) break
      }
    }
    const latest = [...found.entries()]
      .sort((a, b) => b[0] - a[0])
      .slice(0, limit)
      .reverse()
    return latest.map(([, tx]) => this.send(subscription, addressActivityEvent(chain, tx, webhook)))
  }

  /**
   * Delivers the EVM transactions that arrived since the last call, oldest first: one message per transaction to every
   * active address_activity webhook of its chain watching an address it involves (sender, recipient or a token
   * transfer's party; data-api.md 0c: `event.transaction` per event, a unique messageId each). Answers the messageIds.
   */
  deliverNew(): string[] {
    const sent: string[] = []
    for (const { chain } of this.chains.list) {
      const from = this.delivered.get(chain) ?? 0
      const to = chain.txCount
      this.delivered.set(chain, to)
      const watching = [...this.subscriptions.values()]
        .filter(({ webhook: w }) => w.status === 'active' && w.eventType === 'address_activity')
        .filter(({ webhook: w }) => this.chains.get(w.chainId)?.chain === chain)
      if (!watching.length) continue
      for (let k = from; k < to; k++) {
        const tx = chain.tx(k)
        for (const subscription of watching) {
          const { webhook } = subscription
          if (!(webhook.metadata.addresses ?? []).some((a) => involves(tx, a.toLowerCase()))) continue
          sent.push(this.send(subscription, addressActivityEvent(chain, tx, webhook)))
        }
      }
    }
    return sent
  }

  /** Posts one message, on its own retry schedule (retries.mdx: "retries are handled on a per-message basis"). */
  private send(subscription: Subscription, event: Record<string, unknown>): string {
    const messageId = this.uuid('message')
    // The envelope of index.mdx, "Event payload structure".
    const body = JSON.stringify({ webhookId: subscription.webhook.id, eventType: 'address_activity', messageId, event })
    const attempt = (n: number): void => {
      if (this.closed || subscription.webhook.status !== 'active') return
      void this.post(subscription, body).then((outcome) => {
        this.attempts.push({ webhookId: subscription.webhook.id, messageId, attempt: n, at: this.now(), outcome })
        if (typeof outcome === 'number' && outcome >= 200 && outcome < 300) return
        this.failed(subscription, n, attempt)
      })
    }
    attempt(1)
    return messageId
  }

  /** What a failed attempt n leads to: the next attempt, or deactivation (retries.mdx, free and paid tiers). */
  private failed(subscription: Subscription, n: number, attempt: (n: number) => void): void {
    if (this.closed || subscription.webhook.status !== 'active') return
    if (n === 2) subscription.queued++
    const queueFull = !subscription.paid && subscription.queued > FREE_TIER_RETRY_QUEUE
    const exhausted = n > this.delivery.retryDelaysMs.length
    if (queueFull || exhausted) {
      subscription.webhook.status = 'inactive'
      this.stop(subscription.webhook.id)
      return
    }
    // "Each retry interval starts ... after the previous attempt is deemed failed" (retries.mdx, Interval Timing).
    const timer = setTimeout(
      () => {
        this.timers.delete(timer)
        attempt(n + 1)
      },
      this.delivery.retryDelaysMs[n - 1],
    )
    this.timers.set(timer, subscription.webhook.id)
  }

  private async post(subscription: Subscription, body: string): Promise<DeliveryAttempt['outcome']> {
    const controller = new AbortController()
    this.inFlight.add(controller)
    const timeout = setTimeout(() => controller.abort(), this.delivery.timeoutMs)
    try {
      const response = await fetch(subscription.webhook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          // webhooks-signature.mdx: HMAC-SHA256, key = the shared secret from hex, over the canonical JSON payload.
          'x-signature': signWebhookPayload(body, this.secretOf(subscription.account), 'canonical'),
        },
        body,
        signal: controller.signal,
      })
      await response.arrayBuffer().catch(() => undefined)
      return response.status
    } catch {
      return controller.signal.aborted ? 'timeout' : 'error'
    } finally {
      clearTimeout(timeout)
      this.inFlight.delete(controller)
    }
  }

  /** Drops the pending retries of a webhook that was deactivated: an inactive webhook gets no deliveries. */
  private stop(id: string): void {
    for (const [timer, owner] of this.timers) {
      if (owner !== id) continue
      clearTimeout(timer)
      this.timers.delete(timer)
    }
  }

  /** Stops every timer and in-flight delivery (devnet.close()). */
  close(): void {
    this.closed = true
    for (const timer of this.timers.keys()) clearTimeout(timer)
    this.timers.clear()
    for (const controller of this.inFlight) controller.abort()
  }
}

function rejectUnknown(body: Record<string, unknown>, known: Set<string>): void {
  const unknown = Object.keys(body).filter((k) => !known.has(k))
  if (unknown.length) throw badRequest(unknown.map((k) => `property ${k} should not exist`))
}

/** The devnet delivers to loopback receivers only: it must never post to the outside world. */
function checkUrl(value: unknown, problems: string[]): string {
  if (typeof value !== 'string' || !URL.canParse(value)) {
    problems.push('url must be a URL address')
    return ''
  }
  const url = new URL(value)
  if (!/^https?:$/.test(url.protocol) || !LOOPBACK.has(url.hostname)) {
    problems.push(
      'url must be an http(s) URL on loopback (127.0.0.1, localhost or [::1]): the devnet delivers nowhere else',
    )
  }
  return value
}

function checkAddresses(value: unknown, problems: string[]): void {
  if (!Array.isArray(value) || value.length === 0) problems.push('addresses must contain at least 1 elements')
  else if (value.some((a) => typeof a !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(a))) {
    problems.push('each value in addresses must be an Ethereum address')
  }
}

const involves = (tx: EvmTx, address: string) =>
  tx.from === address || tx.to === address || tx.transfers.some((t) => t.from === address || t.to === address)

const word = (hex: string) => `0x${hex.replace(/^0x/, '').padStart(64, '0')}`

/**
 * `event` of an address_activity message (index.mdx example; OpenAPI TransactionEvent): the transaction with its
 * numbers as decimal strings, its token transfers, and its logs when the webhook has includeLogs.
 */
function addressActivityEvent(chain: EvmChain, tx: EvmTx, webhook: Webhook): Record<string, unknown> {
  const block = chain.block(tx.block)
  const transfers = (standard: TransferRecord['standard'], type: string) =>
    tx.transfers
      .filter((t) => t.standard === standard)
      .map((t) => ({
        transactionHash: tx.hash,
        type,
        from: checksumAddress(t.from),
        to: checksumAddress(t.to),
        value: t.value.toString(),
        ...(standard === 'ERC-20' ? {} : { tokenId: t.tokenId.toString() }),
        blockTimestamp: block.timestamp,
        logIndex: t.logIndex,
        [`${type.toLowerCase()}Token`]: {
          address: checksumAddress(t.contract.address),
          name: t.contract.name,
          symbol: t.contract.symbol,
          decimals: t.contract.decimals,
          valueWithDecimals: withDecimals(t.value, t.contract.decimals),
        },
      }))
  const transaction = {
    blockHash: block.hash,
    blockNumber: String(tx.block),
    from: checksumAddress(tx.from),
    gas: String(tx.gasLimit),
    gasPrice: tx.gasPrice.toString(),
    maxFeePerGas: (tx.baseFee * 2n + tx.tip).toString(),
    maxPriorityFeePerGas: tx.tip.toString(),
    txHash: tx.hash,
    txStatus: tx.success ? '1' : '0',
    input: tx.input,
    nonce: String(tx.nonce),
    to: checksumAddress(tx.to),
    transactionIndex: tx.blockIndex,
    value: tx.value.toString(),
    type: 2,
    chainId: chain.chainId,
    receiptCumulativeGasUsed: String(cumulativeGas(chain, tx)),
    receiptGasUsed: String(tx.gasUsed),
    receiptEffectiveGasPrice: tx.gasPrice.toString(),
    // The devnet keeps no receipts trie: a hash derived from the transaction stands in for it.
    receiptRoot: `0x${createHash('sha256').update(`receipt/${tx.hash}`).digest('hex')}`,
    blockTimestamp: block.timestamp,
    erc20Transfers: transfers('ERC-20', 'ERC20'),
    erc721Transfers: transfers('ERC-721', 'ERC721'),
    erc1155Transfers: transfers('ERC-1155', 'ERC1155'),
  }
  if (!webhook.includeLogs) return { transaction }
  const logs = tx.transfers.map((t) => ({
    address: checksumAddress(t.contract.address),
    topic0: t.standard === 'ERC-1155' ? TRANSFER_SINGLE_TOPIC : TRANSFER_TOPIC,
    topic1: word(t.standard === 'ERC-1155' ? tx.from : t.from),
    topic2: word(t.standard === 'ERC-1155' ? t.from : t.to),
    ...(t.standard === 'ERC-721' ? { topic3: word(t.tokenId.toString(16)) } : {}),
    data: t.standard === 'ERC-721' ? '0x' : word(t.value.toString(16)),
    transactionIndex: tx.blockIndex,
    logIndex: t.logIndex,
    removed: false,
  }))
  return { transaction, logs }
}

/** Gas used by the block's transactions up to and including this one (the receipt's cumulativeGasUsed). */
function cumulativeGas(chain: EvmChain, tx: EvmTx): number {
  const first = chain.block(tx.block).firstTx
  let gas = 0
  for (let k = first; k <= tx.k; k++) gas += chain.tx(k).gasUsed
  return gas
}

/** A token amount in whole units, as a decimal string ("0.030576074978046448" in index.mdx's example). */
function withDecimals(value: bigint, decimals: number): string {
  if (decimals === 0) return value.toString()
  const digits = value.toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, -decimals)
  const fraction = digits.slice(-decimals).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}
