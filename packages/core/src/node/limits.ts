/**
 * Most addresses and UTXOs per getUTXOs call (`maxGetUTXOsAddrs`, `maxPageSize`). Apart from avm.ts, so that the UTXO
 * walk, which every client carries, does not bring the avm service's schemas into a bundle without it.
 */
export const MAX_UTXO_ADDRESSES = 1024
export const MAX_UTXO_LIMIT = 1024
