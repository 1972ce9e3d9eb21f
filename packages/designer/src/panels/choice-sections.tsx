import type { Layer, Template } from '@templet/template'
import { Button } from '@templet/ui/button'
import { useEffect, useRef, useState } from 'react'
import { fieldOfKind } from '../kinds/fields'
import { getPath, markChoiceField, setChoiceValue, unmarkChoiceField } from '../state/fields'
import { markTextChoice, textChoiceOf, unmarkTextChoice } from '../state/text-choices'
import { DESIGNER_STRINGS_EN, DESIGNER_STRINGS_ZH_CN, type DesignerWords } from '../strings'
import { ChoiceFieldEditor, firstOptions } from './choice-options'
import { Checkbox, Select } from './controls'
import { layerName } from './layers-panel'

type Replace = (document: Template, coalesce?: string) => void

const fill = (s: string, vars: Record<string, string | number>) =>
  s.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''))

/**
 * A text the customer picks from the author's list (a title, a greeting): each option's text in English and
 * Chinese. The fill-in editor shows the list as a menu; the server refuses any other value.
 */
export function TextListChoice({
  t,
  layer,
  replace,
  strings,
  readOnly,
}: {
  t: Template
  layer: Layer
  replace: Replace
  strings: DesignerWords
  readOnly?: boolean
}) {
  if (layer.type !== 'text') return null
  const list = textChoiceOf(t, layer)
  const second = {
    en: fill(DESIGNER_STRINGS_EN.option, { n: 2 }),
    'zh-CN': fill(DESIGNER_STRINGS_ZH_CN.option, { n: 2 }),
  }
  return (
    <div style={{ display: 'grid', gap: 8 }} data-choice-property="text">
      <Checkbox
        label={strings.textFromList}
        checked={Boolean(list)}
        // A text with fields in it (or one the customer types) is not a list's.
        disabled={readOnly || (!list && /\{\{/.test(JSON.stringify(layer.text)))}
        onChange={(v) =>
          replace(v ? markTextChoice(t, layer.id, layerName(layer), second) : unmarkTextChoice(t, layer.id))
        }
      />
      {list ? (
        <ChoiceFieldEditor
          t={t}
          field={list}
          replace={replace}
          strings={strings}
          readOnly={readOnly}
          valueControl={() => null}
          optionLabel={(n, language) =>
            fill(language === 'en' ? strings.optionTextEn : strings.optionTextZh, { n })
          }
        />
      ) : null}
    </div>
  )
}

/** A decoded image drawn small (an option's picture in the list of a set). */
function Thumbnail({ image, label }: { image: ImageBitmap | undefined; label: string }) {
  const ref = useRef<HTMLCanvasElement>(null)
  useEffect(() => {
    const canvas = ref.current
    const ctx = canvas?.getContext('2d')
    if (!canvas || !ctx) return
    ctx.clearRect(0, 0, canvas.width, canvas.height)
    if (!image) return
    const scale = Math.min(canvas.width / image.width, canvas.height / image.height)
    const [w, h] = [image.width * scale, image.height * scale]
    ctx.drawImage(image, (canvas.width - w) / 2, (canvas.height - h) / 2, w, h)
  }, [image])
  return (
    <canvas
      ref={ref}
      width={48}
      height={48}
      role="img"
      aria-label={label}
      data-state={image ? 'drawn' : 'empty'}
      style={{ width: 48, height: 48, border: '1px solid var(--ui-border, #e4e4e7)', borderRadius: 4 }}
    />
  )
}

/**
 * Who sets a fixed image (a logo, a background): the design, or the customer among named options, each one
 * of the author's images (a light and a dark logo, three backgrounds). Each option's image is uploaded here.
 */
export function ImageSetChoice({
  t,
  layer,
  replace,
  strings,
  readOnly,
  uploadImage,
  images,
}: {
  t: Template
  layer: Layer
  replace: Replace
  strings: DesignerWords
  readOnly?: boolean
  /** Checks, uploads and decodes an image the author chose; its reference, or undefined when refused. */
  uploadImage?: ((file: File) => Promise<string | undefined>) | undefined
  /** The decoded fixed images, by `src:<ref>`. */
  images?: Map<string, ImageBitmap> | undefined
}) {
  // An upload takes a while: its result goes into the document as it is then, not as it was at the click.
  const latest = useRef(t)
  latest.current = t
  const fileRef = useRef<HTMLInputElement>(null)
  const pending = useRef<string | undefined>(undefined)
  // The option whose image is on its way: its button says so, and a save made meanwhile does not hold it.
  const [uploading, setUploading] = useState<string | undefined>(undefined)
  if (layer.type !== 'image' || layer.src === undefined) return null
  const src = layer.src
  const bound = typeof src === 'object' ? src : undefined
  const field = t.fields.find((f) => f.key === bound?.field)
  const set = bound?.map ? fieldOfKind(field, 'choice') : undefined
  const to = (next: 'design' | 'choice') =>
    replace(
      next === 'choice'
        ? markChoiceField(
            t,
            layer.id,
            'src',
            `${layerName(layer)} ${strings.image}`,
            firstOptions().map((o, i) => ({ ...o, value: i === 0 ? undefined : getPath(layer, 'src') })),
          )
        : unmarkChoiceField(t, layer.id, 'src'),
    )
  const pick = (option: string) => {
    pending.current = option
    fileRef.current?.click()
  }
  return (
    <div style={{ display: 'grid', gap: 8 }} data-choice-property="src">
      <Select<'design' | 'choice'>
        label={strings.setBy.replace('{what}', strings.image)}
        value={set ? 'choice' : 'design'}
        disabled={readOnly || (bound !== undefined && !set)}
        onChange={to}
        options={[
          { value: 'design', label: strings.setByDesign },
          { value: 'choice', label: strings.setByChoice },
        ]}
      />
      <input
        ref={fileRef}
        type="file"
        hidden
        accept="image/png,image/jpeg,image/webp"
        data-slot="option-image-file"
        onChange={async (e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          const option = pending.current
          if (!file || !option || !uploadImage) return
          setUploading(option)
          try {
            const ref = await uploadImage(file)
            if (ref) replace(setChoiceValue(latest.current, layer.id, 'src', option, ref))
          } finally {
            setUploading(undefined)
          }
        }}
      />
      {set ? (
        <ChoiceFieldEditor
          note={<p style={{ margin: 0, fontSize: 12 }}>{strings.imageSetNote}</p>}
          t={t}
          field={set}
          replace={replace}
          strings={strings}
          readOnly={readOnly}
          valueControl={(option, n) => {
            const ref = bound?.map?.[option]
            return (
              <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                <Thumbnail
                  image={ref ? images?.get(`src:${ref}`) : undefined}
                  label={fill(strings.optionImage, { n })}
                />
                <Button
                  variant="outline"
                  size="sm"
                  disabled={readOnly || !uploadImage || uploading !== undefined}
                  aria-busy={uploading === option}
                  data-option-image={option}
                  onClick={() => pick(option)}
                >
                  {uploading === option
                    ? strings.fixedImageUploading
                    : fill(strings.replaceOptionImage, { n })}
                </Button>
              </div>
            )
          }}
        />
      ) : null}
    </div>
  )
}
