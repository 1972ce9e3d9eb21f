/** The API reference at /api/docs: plain HTML rendered on the server from the OpenAPI document (no scripts). */

type Schema = {
  type?: string | string[]
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  anyOf?: Schema[]
  oneOf?: Schema[]
  enum?: unknown[]
  const?: unknown
  format?: string
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  minLength?: number
  maxLength?: number
  default?: unknown
  additionalProperties?: unknown
  $ref?: string
}
type Operation = {
  operationId: string
  summary?: string
  description?: string
  tags?: string[]
  security?: Record<string, unknown>[]
  parameters?: { name: string; in: string; required?: boolean; schema: Schema }[]
  requestBody?: { content: Record<string, { schema: Schema }> }
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>
  'x-codes'?: number[]
  'x-list'?: boolean
}
export type OpenApiDoc = {
  info: { title: string; version: string; description?: string }
  paths: Record<string, Record<string, Operation>>
}

const esc = (s: unknown) => String(s).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
/** Escaped text with `backticked` spans as code, as the document's descriptions are written. */
const prose = (s: string) => esc(s).replace(/`([^`]+)`/g, '<code>$1</code>')

function typeName(s: Schema): string {
  if (s.$ref) return s.$ref.split('/').at(-1) ?? 'object'
  if (s.const !== undefined) return JSON.stringify(s.const)
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ')
  const alts = s.anyOf ?? s.oneOf
  if (alts) return alts.map(typeName).join(' | ')
  const t = Array.isArray(s.type) ? s.type.join(' | ') : (s.type ?? 'any')
  if (t === 'array' && s.items) return `${typeName(s.items)}[]`
  return s.format ? `${t} (${s.format})` : t
}

function constraints(s: Schema): string {
  const c: string[] = []
  if (s.minLength !== undefined) c.push(`≥ ${s.minLength} chars`)
  if (s.maxLength !== undefined) c.push(`≤ ${s.maxLength} chars`)
  if (s.minimum !== undefined) c.push(`≥ ${s.minimum}`)
  if (s.exclusiveMinimum !== undefined) c.push(`> ${s.exclusiveMinimum}`)
  if (s.maximum !== undefined) c.push(`≤ ${s.maximum}`)
  if (s.default !== undefined) c.push(`default ${JSON.stringify(s.default)}`)
  return c.join(', ')
}

/** A schema as a nested list of fields: name, type, required, constraints. */
function fields(s: Schema, depth = 0): string {
  const inner = s.type === 'array' && s.items ? s.items : s
  const objects = [inner, ...(inner.anyOf ?? inner.oneOf ?? []).filter((a) => a.properties)]
  const props = objects.find((o) => o.properties)?.properties
  if (!props || depth > 4) return ''
  const owner = objects.find((o) => o.properties) ?? inner
  const rows = Object.entries(props).map(([name, p]) => {
    const req = owner.required?.includes(name) ? '' : ' <span class="opt">optional</span>'
    const notes = constraints(p)
    return `<li><code>${esc(name)}</code> <span class="type">${esc(typeName(p))}</span>${req}${
      notes ? ` <span class="notes">${esc(notes)}</span>` : ''
    }${fields(p, depth + 1)}</li>`
  })
  const strict = owner.additionalProperties === false ? '<li class="notes">no other fields</li>' : ''
  return `<ul>${rows.join('')}${strict}</ul>`
}

function successData(op: Operation): Schema | undefined {
  const schema = op.responses['200']?.content?.['application/json']?.schema
  return (schema?.anyOf ?? [schema]).find((alt) => alt?.properties?.data && !alt.$ref)?.properties?.data
}

function auth(op: Operation): string {
  if (!op.security || op.security.length === 0) return 'none'
  return op.security.some((r) => Object.keys(r).length === 0) ? 'optional' : 'required'
}

function operation(
  path: string,
  method: string,
  op: Operation,
  codeMeanings: Record<number, string>,
): string {
  const params = op.parameters ?? []
  const body = op.requestBody?.content['application/json']?.schema
  const data = successData(op)
  const codes = (op['x-codes'] ?? [])
    .map((c) => `<li><code>${c}</code> ${prose(codeMeanings[c] ?? '')}</li>`)
    .join('')
  return `<section class="op" id="${esc(op.operationId)}">
<h3><span class="method ${esc(method)}">${esc(method.toUpperCase())}</span> <code>/api${esc(path)}</code></h3>
<p>${prose(op.summary ?? '')}</p>
<p class="meta">Sign-in: <strong>${auth(op)}</strong>${op['x-list'] ? ' · list answer with <code>total</code>' : ''}</p>
${
  params.length
    ? `<h4>Query</h4><ul>${params
        .map(
          (p) =>
            `<li><code>${esc(p.name)}</code> <span class="type">${esc(typeName(p.schema))}</span>${
              p.required ? '' : ' <span class="opt">optional</span>'
            } <span class="notes">${esc(constraints(p.schema))}</span></li>`,
        )
        .join('')}</ul>`
    : ''
}
${body ? `<h4>Body (JSON)</h4>${fields(body)}` : ''}
${data ? `<h4><code>data</code> on success: <span class="type">${esc(typeName(data))}</span></h4>${fields(data)}` : ''}
<h4>Codes</h4><ul class="codes">${codes}</ul>
</section>`
}

export function renderDocsPage(doc: OpenApiDoc, codeMeanings: Record<number, string>): string {
  const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op })),
  )
  const tags = [...new Set(ops.map((o) => o.op.tags?.[0] ?? 'other'))]
  const toc = ops
    .map(
      (o) =>
        `<li><a href="#${esc(o.op.operationId)}"><code>${esc(o.method.toUpperCase())} ${esc(o.path)}</code></a></li>`,
    )
    .join('')
  const sections = tags
    .map(
      (tag) =>
        `<h2>${esc(tag)}</h2>${ops
          .filter((o) => (o.op.tags?.[0] ?? 'other') === tag)
          .map((o) => operation(o.path, o.method, o.op, codeMeanings))
          .join('')}`,
    )
    .join('')
  const intro = (doc.info.description ?? '')
    .split('\n\n')
    .map((para) =>
      para.includes('\n- ')
        ? `<p>${prose(para.split('\n- ')[0] ?? '')}</p><ul>${para
            .split('\n- ')
            .slice(1)
            .map((li) => `<li>${prose(li)}</li>`)
            .join('')}</ul>`
        : `<p>${prose(para)}</p>`,
    )
    .join('')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(doc.info.title)} reference</title><link rel="stylesheet" href="/api/docs.css"></head>
<body><main>
<h1>${esc(doc.info.title)} <small>${esc(doc.info.version)}</small></h1>
${intro}
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
<nav aria-label="Endpoints"><ul class="toc">${toc}</ul></nav>
${sections}
</main></body></html>`
}

export const DOCS_CSS = `
:root { color-scheme: light dark; --fg: #1d2330; --muted: #5b6474; --bg: #fff; --card: #f6f7f9; --line: #e2e5ea; --accent: #4f46e5; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6e8ec; --muted: #a0a8b6; --bg: #12151b; --card: #1b1f27; --line: #2b313c; --accent: #8b85ff; } }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
main { max-width: 920px; margin: 0 auto; padding: 2rem 1.25rem 4rem; }
h1 small { color: var(--muted); font-weight: 400; font-size: 0.6em; }
h2 { margin-top: 2.5rem; border-bottom: 1px solid var(--line); padding-bottom: 0.3rem; text-transform: capitalize; }
h3 { margin: 0 0 0.4rem; font-size: 1.05rem; }
h4 { margin: 1rem 0 0.3rem; font-size: 0.95rem; }
a { color: var(--accent); }
code { font: 0.9em ui-monospace, SFMono-Regular, Menlo, monospace; }
.op { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 1rem 1.25rem; margin: 1rem 0; }
.method { display: inline-block; min-width: 3.6rem; text-align: center; border-radius: 6px; padding: 0.05rem 0.4rem; color: #fff; font-size: 0.8rem; }
.method.get { background: #0f7b4f; } .method.post { background: #3151c9; }
.meta, .notes, .opt { color: var(--muted); font-size: 0.9em; }
.type { color: var(--accent); font-family: ui-monospace, monospace; font-size: 0.85em; }
.opt { font-style: italic; }
ul { padding-left: 1.25rem; } li { margin: 0.15rem 0; }
.toc { columns: 2; list-style: none; padding: 0; }
`
