import { isFocalPoint, parseImageValue } from '../../layers/image/value'
import type { ValueIssue } from '../issue'
import type { ValueRulesOf } from '../kind'
import type { ImageField } from './schema'

export type ImageRules = Pick<ImageField, 'key' | 'kind' | 'required'>

export function checkImage(f: ImageRules, v: string | undefined): ValueIssue[] {
  if (!v) return f.required ? [{ path: f.key, code: 'required' }] : []
  const { focus } = parseImageValue(v)
  return focus && !isFocalPoint(focus) ? [{ path: f.key, code: 'invalid_focus' }] : []
}

/** The value rules of an image field: its value is an upload, and without one it has none. */
export const imageRules: ValueRulesOf<ImageRules, unknown> = {
  check: checkImage,
  effective: (_f, v) => v || undefined,
}
