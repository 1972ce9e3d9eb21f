import type { Template } from '@templet/template'

/** `base`, or `base-2`, `base-3` … : the first id no layer of the template has. */
export function uniqueLayerId(t: Template, base: string): string {
  const taken = new Set(t.layers.map((l) => l.id))
  const stem = base.replace(/-\d+$/, '') || 'layer'
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${stem}-${n}`)) return `${stem}-${n}`
}

/** `name`, or `name 2`, `name 3` … : the first name no layer of the template shows. */
export function uniqueLayerName(t: Template, name: string): string {
  const taken = new Set(t.layers.map((l) => l.name ?? l.id))
  if (!taken.has(name)) return name
  const stem = name.replace(/ \d+$/, '') || name
  for (let n = 2; ; n++) if (!taken.has(`${stem} ${n}`)) return `${stem} ${n}`
}
