import {
  defaultSize,
  type ImageLayer,
  type Layer,
  sizeOrDefault,
  type Template,
  type TextLayer,
} from '@templet/template'
import { Button } from '@templet/ui/button'
import { useRef } from 'react'
import { alignOptions } from '../kinds/text/options'
import type { DesignerWords } from '../strings'
import { Checkbox, NumberInput, Row, Select } from './controls'

const fill = (s: string, vars: Record<string, string>) =>
  s.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '')

/** How a size's own settings change the layer (one undo step, or one per `coalesce` key while typing). */
export type LayoutUpdate = (patch: Partial<Layer>, coalesce?: string) => void

interface ExtrasProps<L extends Layer> {
  t: Template
  layer: L
  sizeId: string
  strings: DesignerWords
  update: LayoutUpdate
  disabled?: boolean
}

type Override = NonNullable<Layer['bySize']>[string]

/** What an earlier release's text keeps of its rules, written by the model's upgrade of its document. */
const earlierRules = (layer: TextLayer) =>
  layer.lineBreaks !== undefined ||
  layer.lineSpacing === 'unfitted' ||
  layer.italicEveryScript !== undefined ||
  layer.splitHeadlineBars !== undefined

/**
 * A text's setting the catalogue uses beside its font: capitals, wrapping, even lines, hyphenation, justification,
 * tabular and old-style figures, small caps and ligatures, where a right-to-left paragraph sits, and in a size
 * other than the first its own font size and alignment there (the size's override; its box is the canvas's). A
 * text an earlier release saved says it keeps that release's rules, with a button that drops them.
 */
export function TextLayoutControls({ t, layer, sizeId, strings, update, disabled }: ExtrasProps<TextLayer>) {
  const override = layer.bySize?.[sizeId]
  const rtlChoice = useRef<HTMLDivElement>(null)
  const ownSize = sizeId === defaultSize(t).id && !override
  const sizeLabel = sizeOrDefault(t, sizeId).label
  const sizeName = typeof sizeLabel === 'string' ? sizeLabel : sizeLabel.en
  const setOverride = (patch: Partial<Override>, coalesce?: string) => {
    const next: Override = { ...override, ...patch }
    for (const key of Object.keys(next) as Array<keyof Override>)
      if (next[key] === undefined) delete next[key]
    const bySize = { ...layer.bySize, [sizeId]: next }
    if (Object.keys(next).length === 0) delete bySize[sizeId]
    update({ bySize: Object.keys(bySize).length > 0 ? bySize : undefined }, coalesce)
  }
  return (
    <>
      <Row>
        <Checkbox
          label={strings.capitals}
          checked={layer.transform === 'uppercase'}
          disabled={disabled}
          onChange={(v) => update({ transform: v ? 'uppercase' : 'none' })}
        />
        <Checkbox
          label={strings.wrapLines}
          checked={layer.wrap}
          disabled={disabled}
          onChange={(v) => update({ wrap: v })}
        />
        <Checkbox
          label={strings.evenLines}
          checked={layer.balance}
          disabled={disabled}
          onChange={(v) => update({ balance: v })}
        />
        <Checkbox
          label={strings.hyphenate}
          checked={layer.hyphenate === true}
          disabled={disabled}
          // Off leaves no property behind, so the document reads as one saved before the switch existed.
          onChange={(v) => update({ hyphenate: v ? true : undefined })}
        />
        <Checkbox
          label={strings.justify}
          checked={layer.justify === true}
          disabled={disabled}
          onChange={(v) => update({ justify: v ? true : undefined })}
        />
      </Row>
      <Row>
        <Checkbox
          label={strings.tabularFigures}
          checked={layer.tabularFigures === true}
          disabled={disabled}
          onChange={(v) => update({ tabularFigures: v ? true : undefined })}
        />
        <Checkbox
          label={strings.oldstyleFigures}
          checked={layer.oldstyleFigures === true}
          disabled={disabled}
          onChange={(v) => update({ oldstyleFigures: v ? true : undefined })}
        />
        <Checkbox
          label={strings.smallCaps}
          checked={layer.smallCaps === true}
          disabled={disabled}
          onChange={(v) => update({ smallCaps: v ? true : undefined })}
        />
        <Checkbox
          label={strings.ligatures}
          checked={layer.ligatures !== false}
          disabled={disabled}
          // On is the faces' own and leaves no property behind; off is the one value stored.
          onChange={(v) => update({ ligatures: v ? undefined : false })}
        />
      </Row>
      <div ref={rtlChoice}>
        <Select
          label={strings.rtlParagraphs}
          value={layer.rtl}
          disabled={disabled}
          onChange={(v) => update({ rtl: v })}
          options={[
            { value: 'start', label: strings.rtlStart },
            { value: 'keep', label: strings.rtlKeep },
            { value: 'mirror', label: strings.rtlMirror },
          ]}
        />
      </div>
      {earlierRules(layer) ? (
        <div data-slot="earlier-typesetting" style={{ display: 'grid', gap: 6, justifyItems: 'start' }}>
          <p style={{ margin: 0, fontSize: 12, color: 'var(--ui-muted-foreground, #71717a)' }}>
            {strings.earlierTypesetting}
          </p>
          <Button
            variant="outline"
            size="sm"
            disabled={disabled}
            onClick={() => {
              // The button goes with the rules it drops: the focus goes to the control above, not to the page.
              rtlChoice.current?.querySelector('select')?.focus()
              update({
                lineBreaks: undefined,
                lineSpacing: layer.lineSpacing === 'unfitted' ? undefined : layer.lineSpacing,
                italicEveryScript: undefined,
                splitHeadlineBars: undefined,
              })
            }}
          >
            {strings.typesetToday}
          </Button>
        </div>
      ) : null}
      {ownSize ? null : (
        <Row>
          <NumberInput
            label={fill(strings.sizeInSize, { size: sizeName })}
            value={override?.size}
            min={1}
            max={2000}
            placeholder={String(layer.size)}
            onChange={(v, c) => setOverride({ size: v }, c)}
            disabled={disabled}
          />
          <Select
            label={fill(strings.alignInSize, { size: sizeName })}
            value={override?.align ?? ''}
            disabled={disabled}
            onChange={(v) => setOverride({ align: v === '' ? undefined : v })}
            options={[{ value: '', label: strings.asDesigned }, ...alignOptions(strings)]}
          />
        </Row>
      )}
    </>
  )
}

/** The point of an image kept in view when it is cropped to fill its box (`cover`), in % of its sides. */
export function ImageFocusControls({ layer, strings, update, disabled }: ExtrasProps<ImageLayer>) {
  if (layer.fit === 'contain') return null
  const percent = (v: number) => Math.round(v * 1000) / 10
  return (
    <Row>
      <NumberInput
        label={strings.focusX}
        value={percent(layer.focus.x)}
        min={0}
        max={100}
        onChange={(v, c) => update({ focus: { ...layer.focus, x: v / 100 } }, c)}
        disabled={disabled}
      />
      <NumberInput
        label={strings.focusY}
        value={percent(layer.focus.y)}
        min={0}
        max={100}
        onChange={(v, c) => update({ focus: { ...layer.focus, y: v / 100 } }, c)}
        disabled={disabled}
      />
    </Row>
  )
}
