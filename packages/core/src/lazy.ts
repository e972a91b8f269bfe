/**
 * A value built the first time it is asked for, then the same one every time. Schemas are built this way rather than
 * at import: building every operation's zod schemas (and the generated Data/Metrics API ones) at import cost ~50 ms
 * of a one-call program's cold start and 10+ MB of heap whose collection then delayed the first request
 * (bench/results/client-profile.md); a program now builds only the schemas of the operations it uses.
 */
export function lazy<T>(build: () => T): () => T {
  let value: T | undefined
  let built = false
  return () => {
    if (!built) {
      value = build()
      built = true
    }
    return value as T
  }
}
