/**
 * Stands in for @actions/exec in the Action's bundle (tsdown.config.ts). @actions/core imports it only for
 * `platform.getDetails`, which the Action never calls; its modules import child_process and timers, which every run
 * would otherwise load (~4 ms of CPU) for nothing.
 */
export function getExecOutput(): never {
  throw new Error('@actions/exec is not bundled into the Action: platform.getDetails is unavailable')
}
