import { type Clip, isClip } from './clipboard'

/**
 * Where copied layers wait to be pasted: the browser's local storage, so a copy in one design pastes into another
 * (another tab, the next page), and this page's memory when storage is blocked or full.
 */
const KEY = 'templet.designer.clipboard'
let inMemory: Clip | undefined

export function writeClip(clip: Clip): void {
  inMemory = clip
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(clip))
  } catch {
    // Storage blocked or full: this page's copy still pastes here.
  }
}

/** The last layers copied, in this page or another of the same site. */
export function readClip(): Clip | undefined {
  try {
    const stored = globalThis.localStorage?.getItem(KEY)
    if (stored) {
      const parsed: unknown = JSON.parse(stored)
      if (isClip(parsed)) return parsed
    }
  } catch {
    // Unreadable: fall back to this page's copy.
  }
  return inMemory
}
