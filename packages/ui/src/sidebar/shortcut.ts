/** A parsed key combination such as `mod+b` (`mod` is ⌘ on Apple platforms and Ctrl elsewhere). */
export interface Shortcut {
  key: string
  ctrl: boolean
  meta: boolean
  shift: boolean
  alt: boolean
}

function isApplePlatform(): boolean {
  if (typeof navigator === 'undefined') return false
  return /mac|iphone|ipad|ipod/i.test(navigator.platform || navigator.userAgent)
}

/** `parseShortcut('mod+b')`, `parseShortcut('ctrl+shift+k')`; the last part is the key. */
export function parseShortcut(combo: string): Shortcut {
  const parts = combo
    .toLowerCase()
    .split('+')
    .map((part) => part.trim())
    .filter(Boolean)
  const key = parts.pop() ?? ''
  const has = (name: string) => parts.includes(name)
  const apple = isApplePlatform()
  return {
    key,
    ctrl: has('ctrl') || has('control') || (has('mod') && !apple),
    meta: has('meta') || has('cmd') || (has('mod') && apple),
    shift: has('shift'),
    alt: has('alt') || has('option'),
  }
}

export function matchesShortcut(event: KeyboardEvent, shortcut: Shortcut): boolean {
  return (
    event.key.toLowerCase() === shortcut.key &&
    event.ctrlKey === shortcut.ctrl &&
    event.metaKey === shortcut.meta &&
    event.shiftKey === shortcut.shift &&
    event.altKey === shortcut.alt
  )
}
