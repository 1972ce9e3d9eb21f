import type { z } from 'zod'
import { type Template, templateSchema } from './document'
import { type Field, fieldKinds } from './fields'
import { columnNameProblem } from './fields/columns'
import { layerKinds } from './layers'
import { TemplateError, type TemplateIssue } from './template-error'
import { upgradeDocument } from './upgrade'

export { TemplateError, type TemplateIssue } from './template-error'

const pathText = (path: readonly PropertyKey[]) =>
  path.reduce<string>(
    (s, p) => (typeof p === 'number' ? `${s}[${p}]` : s ? `${s}.${String(p)}` : String(p)),
    '',
  )

function issueAt(json: unknown, path: readonly PropertyKey[], message: string): TemplateIssue {
  if (path[0] === 'layers' && typeof path[1] === 'number') {
    const raw = (json as { layers?: unknown[] }).layers?.[path[1]] as { id?: unknown } | undefined
    const layer = typeof raw?.id === 'string' && raw.id ? raw.id : `layers[${path[1]}]`
    return { layer, property: pathText(path.slice(2)) || '(layer)', message }
  }
  return { property: pathText(path) || '(template)', message }
}

function zodIssues(json: unknown, error: z.ZodError): TemplateIssue[] {
  return error.issues.map((i) => {
    // A union's own message ("Invalid input") says little; the branch that matched the type says more.
    const inner =
      i.code === 'invalid_union' ? i.errors.flat().find((e) => e.code !== 'invalid_type') : undefined
    const path = inner ? [...i.path, ...inner.path] : i.path
    return issueAt(json, path, inner?.message ?? i.message)
  })
}

const COLUMN_PROBLEMS = {
  taken: (name: string) => `column name "${name}" is another field's column or key`,
  reserved: (name: string) => `column name "${name}" is the creation's name column`,
}

/** Checks what the schema alone cannot: ids unique, bindings pointing at fields of the right kind. */
function crossCheck(t: Template): TemplateIssue[] {
  const issues: TemplateIssue[] = []
  const fields = new Map<string, Field>(t.fields.map((f) => [f.key, f]))
  const sizeIds = new Set(t.sizes.map((s) => s.id))
  const seen = new Set<string>()
  const duplicate = (kind: string, id: string, at: string) => {
    if (seen.has(`${kind}:${id}`)) issues.push({ property: at, message: `duplicate ${kind} "${id}"` })
    seen.add(`${kind}:${id}`)
  }
  for (const [i, s] of t.sizes.entries()) duplicate('size', s.id, `sizes[${i}].id`)
  t.fields.forEach((f, i) => {
    duplicate('field', f.key, `fields[${i}].key`)
    const column = f.column === undefined ? undefined : columnNameProblem(t.fields, f.key, f.column)
    if (column === 'taken' || column === 'reserved')
      issues.push({ property: `fields[${i}].column`, message: COLUMN_PROBLEMS[column](f.column ?? '') })
    for (const p of fieldKinds.check(f))
      issues.push({ property: `fields[${i}].${p.property}`, message: p.message })
  })
  for (const locale of ['en', 'zh-CN'] as const)
    for (const k of Object.keys(t.samples[locale]))
      if (!fields.has(k)) issues.push({ property: `samples.${locale}.${k}`, message: `no field "${k}"` })

  for (const [i, g] of (t.groups ?? []).entries()) duplicate('group', g.id, `groups[${i}].id`)
  const groupIds = new Set(t.groups?.map((g) => g.id))
  for (const [i, p] of (t.pages ?? []).entries()) duplicate('page', p.id, `pages[${i}].id`)
  const pageIds = new Set(t.pages?.map((p) => p.id))
  for (const layer of t.layers) {
    const at = (property: string, message: string) => issues.push({ layer: layer.id, property, message })
    if (seen.has(`layer:${layer.id}`)) at('id', `duplicate layer id "${layer.id}"`)
    seen.add(`layer:${layer.id}`)
    for (const sizeId of Object.keys(layer.bySize ?? {}))
      if (!sizeIds.has(sizeId)) at(`bySize.${sizeId}`, `no size "${sizeId}"`)
    if (layer.group !== undefined && !groupIds.has(layer.group)) at('group', `no group "${layer.group}"`)
    if (layer.page !== undefined && !pageIds.has(layer.page)) at('page', `no page "${layer.page}"`)
    if (layer.when && !fields.has(layer.when.field)) at('when.field', `no field "${layer.when.field}"`)
    for (const [property, value, kind] of layerKinds.bindings(layer)) {
      if (typeof value !== 'object' || value === null || !('field' in value)) continue
      const b = value as { field: string; map?: Record<string, unknown> }
      const f = fields.get(b.field)
      if (!f) at(`${property}.field`, `no field "${b.field}"`)
      else if (b.map) {
        const options = fieldKinds.values(f)
        if (!options) at(`${property}.map`, `a map needs a choice field; "${b.field}" is ${f.kind}`)
        else
          for (const value of options)
            if (!(value in b.map)) at(`${property}.map`, `no entry for option "${value}" of "${b.field}"`)
      } else if (f.kind !== kind)
        at(`${property}.field`, `"${b.field}" is a ${f.kind} field; bind a ${kind} field`)
    }
    for (const p of layerKinds.check(layer, fields)) at(p.property, p.message)
  }
  // A group moves as one, so its layers share a page.
  const groupPages = new Map<string, string | undefined>()
  for (const layer of t.layers) {
    if (layer.group === undefined) continue
    const page = layer.page ?? t.pages?.[0]?.id
    if (!groupPages.has(layer.group)) groupPages.set(layer.group, page)
    else if (groupPages.get(layer.group) !== page)
      issues.push({ layer: layer.id, property: 'page', message: `group "${layer.group}" is on another page` })
  }
  return issues
}

/**
 * Parses a template file's JSON; throws TemplateError naming the layer and the property of each problem. A
 * document of an earlier format is upgraded first (`upgradeDocument`), so every version ever saved opens.
 */
export function parseTemplate(saved: unknown): Template {
  const json = upgradeDocument(saved)
  const id = typeof (json as { id?: unknown })?.id === 'string' ? (json as { id: string }).id : undefined
  const result = templateSchema.safeParse(json)
  if (!result.success) throw new TemplateError(id, zodIssues(json, result.error))
  const issues = crossCheck(result.data)
  if (issues.length) throw new TemplateError(id, issues)
  return result.data
}
