/** A member of a design's workspace, as a comment may mention them. */
export interface Mentionable {
  userId: number
  name: string
  email: string
}

/** A member and the handle that mentions them: what follows `@` in a comment. */
export interface Handle {
  userId: number
  name: string
  handle: string
}

const fold = (s: string) => s.trim().toLowerCase()
const localPart = (email: string) => email.slice(0, Math.max(0, email.lastIndexOf('@'))) || email

/**
 * Each member's handle (docs/product.md, "Review"): their name as shown; when another member of the workspace has
 * the same name (whatever its case), the local part of their address; when that is shared too, the whole address.
 * A handle is unique in the workspace, so a mention names one member.
 */
export function handlesOf(members: readonly Mentionable[]): Handle[] {
  const unique = (handles: string[]) => {
    const n = new Map<string, number>()
    for (const h of handles) n.set(fold(h), (n.get(fold(h)) ?? 0) + 1)
    return (h: string) => n.get(fold(h)) === 1
  }
  const names = members.map((m) => m.name.trim())
  const nameIsUnique = unique(names)
  const first = members.map((m, i) =>
    nameIsUnique(names[i] as string) ? (names[i] as string) : localPart(m.email),
  )
  // A local part that is another member's name or local part too: the whole address, which is one account's.
  const isUnique = unique(first)
  return members.map((m, i) => ({
    userId: m.userId,
    name: m.name,
    handle: isUnique(first[i] as string) ? (first[i] as string) : m.email,
  }))
}

/** A word's letters and digits: a mention starts after none of them and ends before none of them. */
const WORD = /[\p{L}\p{N}_]/u
/** Before `@`: what an address has before its `@` (so `ann@example.com` mentions no one). */
const BEFORE = /[\p{L}\p{N}_.+-]/u

/** A stretch of a comment's text that mentions a member: `@` and their handle. */
export interface Mention {
  start: number
  end: number
  userId: number
}

/**
 * The mentions in `text` of the members with `handles`: `@` at the start or after a space or punctuation,
 * then a handle (any case; the longest that fits), then the end, a space or punctuation.
 */
export function mentionsIn(text: string, handles: readonly Handle[]): Mention[] {
  const longestFirst = [...handles].sort((a, b) => b.handle.length - a.handle.length)
  const found: Mention[] = []
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    if (at > 0 && BEFORE.test(text[at - 1] as string)) continue
    const match = longestFirst.find((h) => {
      const end = at + 1 + h.handle.length
      if (text.slice(at + 1, end).toLowerCase() !== h.handle.toLowerCase()) return false
      return end === text.length || !WORD.test(text[end] as string)
    })
    if (!match) continue
    const end = at + 1 + match.handle.length
    found.push({ start: at, end, userId: match.userId })
    at = end - 1
  }
  return found
}
