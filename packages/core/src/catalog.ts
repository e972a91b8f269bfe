import type { AnyOperation } from './operation.js'
import { services } from './services.js'

/** Every operation of every service, in a stable order. */
export const catalog: readonly AnyOperation[] = Object.values(services).flatMap((ops) => Object.values(ops))

const byId = new Map(catalog.map((op) => [op.id, op]))

/** The operation with this id (`platform.getCurrentValidators`), or undefined. */
export function findOperation(id: string): AnyOperation | undefined {
  return byId.get(id)
}
