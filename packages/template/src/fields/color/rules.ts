import { OPAQUE_HEX } from '../../patterns'
import type { ValueIssue } from '../issue'
import type { ValueRulesOf } from '../kind'
import type { ColorField } from './schema'

export type ColorRules = Pick<ColorField, 'key' | 'kind'>

export const checkColor = (f: ColorRules, v: string | undefined): ValueIssue[] =>
  v !== undefined && !OPAQUE_HEX.test(v) ? [{ path: f.key, code: 'invalid_color' }] : []

export const effectiveColor = (f: Pick<ColorField, 'default'>, v: string | undefined) =>
  v && OPAQUE_HEX.test(v) ? v : f.default

/** The value rules of a colour field. */
export const colorRules: ValueRulesOf<ColorRules, Pick<ColorField, 'default'>> = {
  check: checkColor,
  effective: effectiveColor,
}
