import { readFileSync } from 'node:fs'
import { facesOf } from '@templet/render'
import { a2Sheet, shadowLayers } from '../test/costly-documents'
import { cmapTable, format4, tablesOf, withCmap, woff2 } from '../test/font-bytes'
import { blackPng } from '../test/media/declared-size'

/**
 * The "bombs" the server refuses before doing the work they ask for, one request each, built as the tests
 * that pin each refusal build them (template-cost, brand-font-limits, upload-size, bulk-create): small files
 * or documents whose cost lies in what they declare or ask to be drawn.
 */
export interface Bomb {
  label: string
  path: string
  body: () => RequestInit['body']
  /** JSON bodies say so; multipart ones let fetch write the boundary. */
  json: boolean
  /** What the refusal's message must say: the limit the tests pin. */
  names: RegExp
}

/** What the bombs need from the catalogue: a document to save and a template with a text field. */
export interface BombTargets {
  /** A catalogue template's document (`GET /api/template/document`), saved with a costly addition. */
  document: { layers: unknown[]; sizes: unknown[] } & Record<string, unknown>
  /** A catalogue template and the key of one of its text fields, the CSV's only column. */
  templateId: number
  textKey: string
}

const GROTESK = () => readFileSync(facesOf('Templet Space Grotesk').find((f) => f.weight === 700)?.file ?? '')

const file = (bytes: Uint8Array, name: string, type: string) => () => {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name)
  return form
}

const json = (value: unknown) => {
  const text = JSON.stringify(value)
  return () => text
}

export function bombs(t: BombTargets): Bomb[] {
  const save = (label: string, names: RegExp, document: Record<string, unknown>): Bomb => ({
    label,
    path: '/api/template/save',
    body: json({ name: 'Costly', document }),
    json: true,
    names,
  })
  const everyCharacter = Array.from({ length: 1000 }, (): [number, number] => [0, 0xfffe])
  const grotesk = GROTESK()
  return [
    save('template save: a text layer of 30,000 characters', /may show 30,000 characters.*at most 10,000/s, {
      ...t.document,
      layers: [
        ...t.document.layers,
        {
          id: 'wall',
          type: 'text',
          text: '7'.repeat(30_000),
          size: 12,
          box: { x: 0, y: 0, w: 1080, h: 1080 },
        },
      ],
    }),
    save('template save: 9 A2 sizes and 3 layers with shadows', /megapixels.*at most 250 are accepted/s, {
      ...t.document,
      sizes: [...t.document.sizes, ...Array.from({ length: 9 }, (_, i) => a2Sheet(i))],
      layers: [...t.document.layers, ...shadowLayers(3)],
    }),
    {
      label: 'font upload: TrueType, cmap of 1,000 segments 0–0xFFFE',
      path: '/api/font/upload',
      body: file(withCmap(grotesk, cmapTable(format4(everyCharacter))), 'brand.ttf', 'font/ttf'),
      json: false,
      names: /maps 65 million characters; at most 200,000 are accepted/,
    },
    {
      label: 'font upload: WOFF2 declaring 1 GB',
      path: '/api/font/upload',
      body: file(
        woff2(tablesOf(grotesk), { declared: { glyf: 2 ** 30 }, compressed: new Uint8Array(700) }),
        'brand.woff2',
        'font/woff2',
      ),
      json: false,
      names: /declares 1\.0 GB of font data; at most 30 MB is accepted/,
    },
    ...([8, 16] as const).map(
      (bitDepth): Bomb => ({
        label: `image upload: ${bitDepth}-bit PNG declaring 49,000,000 × 1`,
        path: '/api/upload/image',
        body: file(blackPng(49_000_000, 1, { bitDepth, rows: 0 }), 'line.png', 'image/png'),
        json: false,
        names: /49000000 × 1 pixels; at most 16384 pixels a side/,
      }),
    ),
    {
      label: 'batch validate: CSV of 250,000 short rows',
      path: '/api/batch/validate',
      // An unclosed quote after the rows: a refusal naming it, not the row cap, would mean all were read.
      body: json({ templateId: t.templateId, csv: `${t.textKey}\n${'a\n'.repeat(250_000)}"never closed\n` }),
      json: true,
      names: /At most 1000 rows in one batch/,
    },
  ]
}
