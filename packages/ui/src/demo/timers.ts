import { spyOn } from 'storybook/test'

/** A timer set with `window.setTimeout` while watched. */
export interface WatchedTimer {
  delay: number
  /** Compared by identity: one countdown sets its timers with one callback. */
  callback: unknown
  /** `ran` once its callback has returned; `cleared` when cleared before that. */
  state: 'pending' | 'cleared' | 'ran'
  /**
   * Resolves once the callback has run and React has rendered what it changed: React posts the render of an
   * update made outside an event as a message and renders it in one go, and this waits for a message posted
   * after that one.
   */
  settled: Promise<void>
}

/** Resolves on a message posted after the ones already posted (messages are handled in order). */
function afterPostedMessages(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
}

/**
 * Watches `window.setTimeout` and `clearTimeout`, which still work as usual: the components count their
 * delays and durations with them (Radix Tooltip's open delay, Radix Toast's time), so a story asserts which
 * timer was set, cleared or ran instead of measuring elapsed time, and waits for a timer to have run before
 * asserting what it did not do instead of waiting a fixed time. Storybook restores both before the next
 * story.
 */
export function watchTimers() {
  const timers: WatchedTimer[] = []
  const byId = new Map<number, WatchedTimer>()
  const setTimeout = window.setTimeout.bind(window)
  const clearTimeout = window.clearTimeout.bind(window)
  spyOn(window, 'setTimeout').mockImplementation(((callback: TimerHandler, delay = 0, ...args: unknown[]) => {
    if (typeof callback !== 'function') return setTimeout(callback, delay, ...args)
    let ran = () => {}
    const timer: WatchedTimer = {
      delay,
      callback,
      state: 'pending',
      settled: new Promise<void>((resolve) => {
        ran = resolve
      }).then(afterPostedMessages),
    }
    const id = setTimeout(() => {
      try {
        callback(...args)
      } finally {
        timer.state = 'ran'
        // After the microtask in which React posts the render of what the callback changed.
        queueMicrotask(ran)
      }
    }, delay)
    timers.push(timer)
    byId.set(id, timer)
    return id
  }) as typeof window.setTimeout)
  spyOn(window, 'clearTimeout').mockImplementation(((id?: number) => {
    const timer = id === undefined ? undefined : byId.get(id)
    if (timer?.state === 'pending') timer.state = 'cleared'
    clearTimeout(id)
  }) as typeof window.clearTimeout)
  return {
    /** The timers of `delay` ms set since, in order. */
    of: (delay: number) => timers.filter((timer) => timer.delay === delay),
    /** The timers set since with the same callback as `timer` (one countdown restarted), in order. */
    like: (timer: WatchedTimer) => timers.filter((other) => other.callback === timer.callback),
  }
}
