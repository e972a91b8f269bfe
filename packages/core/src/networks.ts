/** Endpoints of the public networks. `devnet` and `custom` take every URL from the configuration. */
export const networks = {
  mainnet: {
    networkId: 1,
    hrp: 'avax',
    nodeUrl: 'https://api.avax.network',
    dataApiUrl: 'https://data-api.avax.network',
    metricsApiUrl: 'https://metrics.avax.network',
  },
  fuji: {
    networkId: 5,
    hrp: 'fuji',
    nodeUrl: 'https://api.avax-test.network',
    dataApiUrl: 'https://data-api.avax.network',
    metricsApiUrl: 'https://metrics.avax.network',
  },
} as const

export type NetworkName = keyof typeof networks | 'devnet' | 'custom'
