import { errorFields, type Logger } from '../../log'
import type { Checkouts } from './checkouts'
import type { Subscriptions } from './subscriptions'

/**
 * One tick: grant checkouts charged before a crash, then renew the subscriptions that are due. Safe to run in
 * every process at once: each step is claimed in the database (see Subscriptions.runDueRenewals).
 */
export async function billingTick(checkouts: Checkouts, subscriptions: Subscriptions): Promise<void> {
  await checkouts.reconcile()
  await subscriptions.runDueRenewals()
}

/** Runs {@link billingTick} every `intervalMs`, never two at once in this process. Returns `stop`. */
export function startBillingScheduler(
  checkouts: Checkouts,
  subscriptions: Subscriptions,
  intervalMs: number,
  log: Logger,
): () => void {
  let running: Promise<void> | undefined
  const tick = () => {
    if (running) return
    running = billingTick(checkouts, subscriptions)
      .catch((err) => log.error('billing scheduler tick failed', errorFields(err)))
      .finally(() => {
        running = undefined
      })
  }
  const timer = setInterval(tick, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
