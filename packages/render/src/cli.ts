#!/usr/bin/env node
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { sampleImages } from '@templet/catalogue'
import { type Locale, locales, parseTemplate, TemplateError } from '@templet/template'
import { renderPdf } from './pdf'
import { render } from './render'

const usage = `usage: templet-render template.json values.json -o out.png [--size <id>] [--locale en|zh-CN]

Renders a template with values. The output's extension picks the format (.png, .jpg, .webp, .pdf); the
image fields' values are file paths relative to values.json (or "sample:<name>" for the samples).`

async function main() {
  const { values: opts, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      out: { type: 'string', short: 'o' },
      size: { type: 'string' },
      locale: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  const [templateFile, valuesFile] = positionals
  if (opts.help || !templateFile || !opts.out) {
    console.log(usage)
    process.exitCode = opts.help ? 0 : 2
    return
  }
  const locale = (opts.locale ?? 'en') as Locale
  if (!locales.includes(locale)) throw new Error(`unknown locale "${opts.locale}"`)
  const template = parseTemplate(JSON.parse(await readFile(templateFile, 'utf8')))
  const values = valuesFile ? (JSON.parse(await readFile(valuesFile, 'utf8')) as Record<string, string>) : {}
  const base = valuesFile ? path.dirname(valuesFile) : process.cwd()
  const options = {
    sizeId: opts.size,
    locale,
    images: async (v: string) =>
      (await sampleImages(v)) ?? readFile(path.resolve(base, v)).catch(() => undefined),
  }
  const ext = path.extname(opts.out).toLowerCase()
  if (ext === '.pdf') {
    const pdf = await renderPdf(template, [values], options)
    await writeFile(opts.out, pdf)
    console.log(`${opts.out}: PDF, ${pdf.length} bytes`)
    return
  }
  const out = await render(template, values, options)
  const data = ext === '.jpg' || ext === '.jpeg' ? out.jpeg : ext === '.webp' ? out.webp : out.png
  await writeFile(opts.out, data)
  console.log(`${opts.out}: ${out.width}×${out.height}, ${data.length} bytes`)
}

main().catch((e: unknown) => {
  console.error(e instanceof TemplateError ? e.message : e)
  process.exitCode = 1
})
