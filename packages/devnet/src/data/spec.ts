import { DATA_API_WEIGHTS, METRICS_API_WEIGHTS } from '@avalanche-automation/core'

/** One parameter of an operation, as the OpenAPI description declares it (`spec.gen.ts`). */
export interface SpecParam {
  name: string
  in: 'path' | 'query'
  required: boolean
  type: 'string' | 'integer' | 'number' | 'boolean' | 'array'
  enum?: string[]
  minimum?: number
  maximum?: number
  default?: string | number | boolean
}

/** One operation of the Data or Metrics API description. */
export interface SpecOperation {
  api: 'data' | 'metrics'
  operationId: string
  method: string
  path: string
  /** `x-execution-weight`; null where the description states none. */
  weight: string | null
  params: SpecParam[]
  /** The success status where it is not 200 (webhook creation, signature aggregation: 201). */
  status?: number
}

export type WeightName = keyof typeof DATA_API_WEIGHTS

/**
 * What the devnet charges where the description states no weight: the Metrics API's fee series and the seed's
 * `/v1/avg_tps` are charged like their siblings (`getEvmChainMetrics`: small).
 */
export const DEFAULT_WEIGHT: WeightName = 'small'

/**
 * Compute units of one call: the Data API's scale (free 1 ... xxl 200) or the Metrics API's (free 1, small 20 ...
 * xxl 3000, builders-hub metrics-api/rate-limits.mdx; the description's own `x-execution-weight-values` repeats the
 * Data scale, the docs win).
 */
export function computeUnits(api: 'data' | 'metrics', weight: string | null): number {
  const name = (weight ?? DEFAULT_WEIGHT) as WeightName
  const scale = api === 'data' ? DATA_API_WEIGHTS : METRICS_API_WEIGHTS
  return scale[name] ?? scale[DEFAULT_WEIGHT]
}
