import {
  type Field,
  type Layer,
  type Locale,
  type Paint,
  sizeOrDefault,
  type Template,
} from '@templet/template'
import { type Dispatch, useId } from 'react'
import { boxIn } from '../state/boxes'
import type { DesignerAction, DesignerState } from '../state/designer-state'
import { normalizeAngle } from '../state/geometry'
import type { DesignerWords } from '../strings'
import { ImageSetChoice, TextListChoice } from './choice-sections'
import { Checkbox, ColorInput, NumberInput, Row, Section, Select, TextInput } from './controls'
import { alignOptions, FieldsSection, valignOptions } from './fields-section'
import { layerName } from './layers-panel'
import { ImageFocusControls, TextLayoutControls } from './layout-extras'

/** A font the host offers: its family (one of the model's families) and the weights and styles it has. */
export interface DesignerFont {
  /** The model's family name (`sans`, `serif`, `grotesk`). */
  family: string
  /** What the font menu shows (the family by default). */
  label?: string
  weights: number[]
  styles: Array<'normal' | 'italic'>
}

/** The model's families with the faces Templet ships. */
export const DEFAULT_FONTS: DesignerFont[] = [
  { family: 'sans', label: 'Inter', weights: [400, 500, 600, 700, 800], styles: ['normal', 'italic'] },
  {
    family: 'serif',
    label: 'Playfair Display',
    weights: [400, 500, 600, 700, 800],
    styles: ['normal', 'italic'],
  },
  { family: 'grotesk', label: 'Space Grotesk', weights: [400, 500, 600, 700], styles: ['normal'] },
]

export interface PropertiesPanelProps {
  state: DesignerState
  dispatch: Dispatch<DesignerAction>
  strings: DesignerWords
  locale: Locale
  fonts: DesignerFont[]
  palette?: string[]
  readOnly?: boolean
  /** Checks, uploads and decodes an image the author chose (an option of a set); its reference, or undefined. */
  uploadImage?: ((file: File) => Promise<string | undefined>) | undefined
  /** The decoded fixed images, by `src:<ref>` (an image set's thumbnails). */
  images?: Map<string, ImageBitmap> | undefined
}

const isField = (v: unknown): v is { field: string } =>
  typeof v === 'object' && v !== null && typeof (v as { field?: unknown }).field === 'string'
const fill = (s: string, vars: Record<string, string | number>) =>
  s.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''))

/**
 * The selected layer's properties: position, size and rotation (the keyboard's way to do what the handles
 * do), then those of its kind, then the fields the customer fills. Every change is one undo step; typing in
 * one field is one step for the whole visit.
 */
export function PropertiesPanel({
  state,
  dispatch,
  strings,
  locale,
  fonts,
  palette,
  readOnly,
  uploadImage,
  images,
}: PropertiesPanelProps) {
  const headingId = useId()
  const t = state.document
  const selected = t.layers.filter((l) => state.selection.includes(l.id))
  const layer = selected.length === 1 ? selected[0] : undefined
  return (
    <aside
      aria-labelledby={headingId}
      data-slot="properties-panel"
      style={{ display: 'grid', gap: 16, alignContent: 'start', fontSize: 13 }}
    >
      <h2 id={headingId} style={{ margin: 0, fontSize: 13, fontWeight: 600 }}>
        {strings.properties}
        {layer ? `: ${layerName(layer)}` : ''}
      </h2>
      {selected.length === 0 ? <p style={{ margin: 0 }}>{strings.nothingSelected}</p> : null}
      {selected.length > 1 ? (
        <p style={{ margin: 0 }}>{fill(strings.selectedCount, { n: selected.length })}</p>
      ) : null}
      {layer ? (
        <LayerProperties
          key={layer.id}
          t={t}
          layer={layer}
          sizeId={state.sizeId}
          dispatch={dispatch}
          strings={strings}
          locale={locale}
          fonts={fonts}
          palette={palette}
          readOnly={readOnly}
          uploadImage={uploadImage}
          images={images}
        />
      ) : null}
    </aside>
  )
}

interface LayerPropertiesProps extends Omit<PropertiesPanelProps, 'state'> {
  t: Template
  layer: Layer
  sizeId: string
}

function LayerProperties({
  t,
  layer,
  sizeId,
  dispatch,
  strings,
  locale,
  fonts,
  palette,
  readOnly,
  uploadImage,
  images,
}: LayerPropertiesProps) {
  const box = boxIn(t, layer, sizeId)
  const size = sizeOrDefault(t, sizeId)
  const update = (patch: Partial<Layer>, coalesce?: string) =>
    dispatch({ type: 'update', id: layer.id, patch, coalesce })
  const setBox = (key: 'x' | 'y' | 'w' | 'h') => (v: number, coalesce: string) =>
    dispatch({ type: 'setBox', id: layer.id, box: { ...box, [key]: v }, coalesce })
  const disabled = readOnly
  const replace = (document: Template, coalesce?: string) => dispatch({ type: 'replace', document, coalesce })
  const fieldOf = (v: unknown) => (isField(v) ? t.fields.find((f) => f.key === v.field) : undefined)
  const fieldName = (f: Field) => f.label[locale]

  /** A colour property: a picker, or (bound to a field) the field that sets it. */
  const colour = (label: string, value: unknown, set: (hex: string, coalesce: string) => void) => {
    const f = fieldOf(value)
    if (f || typeof value !== 'string')
      return (
        <p style={{ margin: 0 }}>{`${label}: ${fill(strings.boundTo, { field: f ? fieldName(f) : '?' })}`}</p>
      )
    return (
      <ColorInput
        label={label}
        value={value}
        onChange={set}
        palette={palette}
        paletteLabel={strings.palette}
        disabled={disabled}
      />
    )
  }

  return (
    <>
      <Section title={strings.name}>
        <TextInput
          label={strings.name}
          value={layer.name ?? ''}
          disabled={disabled}
          onChange={(v, c) => update({ name: v.trim() ? v.slice(0, 80) : undefined }, c)}
        />
        <Row>
          <NumberInput label={strings.x} value={box.x} onChange={setBox('x')} disabled={disabled} />
          <NumberInput label={strings.y} value={box.y} onChange={setBox('y')} disabled={disabled} />
          <NumberInput
            label={strings.width}
            value={box.w}
            min={1}
            max={size.width * 10}
            onChange={setBox('w')}
            disabled={disabled}
          />
          <NumberInput
            label={strings.height}
            value={box.h}
            min={1}
            max={size.height * 10}
            onChange={setBox('h')}
            disabled={disabled}
          />
          <NumberInput
            label={strings.rotation}
            value={layer.rotation ?? 0}
            min={-360}
            max={360}
            step={15}
            onChange={(v, c) => update({ rotation: normalizeAngle(v) || undefined }, c)}
            disabled={disabled}
          />
          <NumberInput
            label={strings.opacity}
            value={Math.round((layer.opacity ?? 1) * 100)}
            min={0}
            max={100}
            step={5}
            onChange={(v, c) => update({ opacity: v === 100 ? undefined : v / 100 }, c)}
            disabled={disabled}
          />
        </Row>
        <Row>
          <Checkbox
            label={strings.lock}
            checked={Boolean(layer.locked)}
            disabled={disabled}
            onChange={(v) => update({ locked: v || undefined })}
          />
          <Checkbox
            label={strings.hide}
            checked={Boolean(layer.hidden)}
            disabled={disabled}
            onChange={(v) => update({ hidden: v || undefined })}
          />
        </Row>
      </Section>
      {layer.type === 'text' ? (
        <Section title={strings.text}>
          {typeof layer.text === 'string' ? (
            <TextInput
              label={strings.text}
              multiline
              value={layer.text}
              disabled={disabled}
              onChange={(v, c) => update({ text: v }, c)}
            />
          ) : (
            <>
              <TextInput
                label={`${strings.text} (English)`}
                multiline
                value={layer.text.en}
                disabled={disabled}
                onChange={(v, c) =>
                  layer.text &&
                  typeof layer.text === 'object' &&
                  v &&
                  update({ text: { ...layer.text, en: v } }, c)
                }
              />
              <TextInput
                label={`${strings.text} (中文)`}
                multiline
                value={layer.text['zh-CN']}
                disabled={disabled}
                onChange={(v, c) =>
                  layer.text &&
                  typeof layer.text === 'object' &&
                  v &&
                  update({ text: { ...layer.text, 'zh-CN': v } }, c)
                }
              />
            </>
          )}
          {isField(layer.font) ? (
            <p
              style={{ margin: 0 }}
            >{`${strings.font}: ${fill(strings.boundTo, { field: fieldOf(layer.font)?.label[locale] ?? '?' })}`}</p>
          ) : (
            <FontControls layer={layer} fonts={fonts} strings={strings} update={update} disabled={disabled} />
          )}
          <Row>
            <NumberInput
              label={strings.fontSize}
              value={layer.size}
              min={1}
              max={2000}
              onChange={(v, c) =>
                // The smallest size of shrink-to-fit may not exceed the size (the model refuses it).
                update(
                  {
                    size: v,
                    shrinkToFit:
                      layer.shrinkToFit && layer.shrinkToFit.minSize > v ? { minSize: v } : layer.shrinkToFit,
                  },
                  c,
                )
              }
              disabled={disabled}
            />
            <NumberInput
              label={strings.lineHeight}
              value={layer.lineHeight}
              min={0.5}
              max={4}
              step={0.05}
              onChange={(v, c) => update({ lineHeight: v }, c)}
              disabled={disabled}
            />
            <NumberInput
              label={strings.letterSpacing}
              value={layer.letterSpacing}
              min={-0.5}
              max={2}
              step={0.01}
              onChange={(v, c) => update({ letterSpacing: v }, c)}
              disabled={disabled}
            />
            {isField(layer.valign) ? null : (
              <Select
                label={strings.textVAlign}
                value={layer.valign}
                disabled={disabled}
                onChange={(v) => update({ valign: v })}
                options={valignOptions(strings).map((o) => ({ ...o, value: o.value as typeof layer.valign }))}
              />
            )}
            {isField(layer.align) ? null : (
              <Select
                label={strings.textAlign}
                value={layer.align}
                disabled={disabled}
                onChange={(v) => update({ align: v })}
                options={alignOptions(strings)}
              />
            )}
          </Row>
          {colour(strings.color, layer.color, (hex, c) => update({ color: hex }, c))}
          <Row>
            <Checkbox
              label={strings.shrinkToFit}
              checked={Boolean(layer.shrinkToFit)}
              disabled={disabled}
              onChange={(v) =>
                update({ shrinkToFit: v ? { minSize: Math.max(1, Math.round(layer.size / 2)) } : undefined })
              }
            />
            {layer.shrinkToFit ? (
              <NumberInput
                label={strings.minSize}
                value={layer.shrinkToFit.minSize}
                min={1}
                max={layer.size}
                onChange={(v, c) => update({ shrinkToFit: { minSize: v } }, c)}
                disabled={disabled}
              />
            ) : null}
          </Row>
          <NumberInput
            label={strings.maxLines}
            value={layer.maxLines}
            min={1}
            max={100}
            placeholder="—"
            onChange={(v, c) => update({ maxLines: Math.round(v) }, c)}
            disabled={disabled}
          />
          <TextLayoutControls {...{ t, layer, sizeId, strings, update, disabled }} />
        </Section>
      ) : null}
      {layer.type === 'shape' ? (
        <Section title={strings.shape}>
          <Select
            label={strings.shape}
            value={layer.shape}
            disabled={disabled}
            onChange={(v) =>
              update(
                v === 'line' && !layer.stroke
                  ? { shape: v, stroke: { color: '#111111', width: 2 } }
                  : { shape: v },
              )
            }
            options={[
              { value: 'rect', label: strings.rectangle },
              { value: 'ellipse', label: strings.ellipse },
              { value: 'line', label: strings.line },
            ]}
          />
          {layer.shape === 'line' ? null : (
            <PaintControls
              paint={layer.fill}
              strings={strings}
              update={(fill, c) => update({ fill }, c)}
              colour={colour}
              disabled={disabled}
            />
          )}
          {layer.shape === 'rect' ? (
            <NumberInput
              label={strings.radius}
              value={layer.radius}
              min={0}
              max={5000}
              onChange={(v, c) => update({ radius: v }, c)}
              disabled={disabled}
            />
          ) : null}
          <Checkbox
            label={strings.stroke}
            checked={Boolean(layer.stroke)}
            disabled={disabled || layer.shape === 'line'}
            onChange={(v) => update({ stroke: v ? { color: '#111111', width: 2 } : undefined })}
          />
          {layer.stroke ? (
            <Row>
              {colour(
                `${strings.stroke}: ${strings.color}`,
                layer.stroke.color,
                (hex, c) => layer.stroke && update({ stroke: { ...layer.stroke, color: hex } }, c),
              )}
              <NumberInput
                label={strings.strokeWidth}
                value={layer.stroke.width}
                min={0.5}
                max={500}
                onChange={(v, c) => layer.stroke && update({ stroke: { ...layer.stroke, width: v } }, c)}
                disabled={disabled}
              />
            </Row>
          ) : null}
          <Checkbox
            label={strings.shadow}
            checked={Boolean(layer.shadow)}
            disabled={disabled}
            onChange={(v) => update({ shadow: v ? { color: '#00000040', x: 0, y: 4, blur: 12 } : undefined })}
          />
          {layer.shadow ? (
            <>
              {colour(
                `${strings.shadow}: ${strings.color}`,
                layer.shadow.color,
                (hex, c) => layer.shadow && update({ shadow: { ...layer.shadow, color: hex } }, c),
              )}
              <Row>
                <NumberInput
                  label={strings.shadowX}
                  value={layer.shadow.x}
                  min={-200}
                  max={200}
                  onChange={(v, c) => layer.shadow && update({ shadow: { ...layer.shadow, x: v } }, c)}
                  disabled={disabled}
                />
                <NumberInput
                  label={strings.shadowY}
                  value={layer.shadow.y}
                  min={-200}
                  max={200}
                  onChange={(v, c) => layer.shadow && update({ shadow: { ...layer.shadow, y: v } }, c)}
                  disabled={disabled}
                />
                <NumberInput
                  label={strings.shadowBlur}
                  value={layer.shadow.blur}
                  min={0}
                  max={200}
                  onChange={(v, c) => layer.shadow && update({ shadow: { ...layer.shadow, blur: v } }, c)}
                  disabled={disabled}
                />
              </Row>
            </>
          ) : null}
        </Section>
      ) : null}
      {layer.type === 'image' ? (
        <Section title={strings.image}>
          {isField(layer.fit) ? null : (
            <Select
              label={strings.fit}
              value={layer.fit}
              disabled={disabled}
              onChange={(v) => update({ fit: v })}
              options={[
                { value: 'cover', label: strings.cover },
                { value: 'contain', label: strings.contain },
              ]}
            />
          )}
          <NumberInput
            label={strings.radius}
            value={layer.radius}
            min={0}
            max={5000}
            onChange={(v, c) => update({ radius: v }, c)}
            disabled={disabled}
          />
          <ImageFocusControls {...{ t, layer, sizeId, strings, update, disabled }} />
          {typeof layer.src === 'object' ? null : layer.src !== undefined ? (
            <p data-slot="fixed-image-note" style={{ margin: 0, fontSize: 12 }}>
              {strings.fixedImageNote}
            </p>
          ) : typeof layer.placeholder === 'string' ? (
            colour(strings.placeholder, layer.placeholder, (hex, c) => update({ placeholder: hex }, c))
          ) : null}
        </Section>
      ) : null}
      {layer.type === 'qr' ? (
        <Section title={strings.qr}>
          <TextInput
            label={strings.qrData}
            value={layer.data}
            disabled={disabled}
            onChange={(v, c) => v.trim() && update({ data: v.slice(0, 1000) }, c)}
          />
          {colour(strings.color, layer.color, (hex, c) => update({ color: hex }, c))}
          <Checkbox
            label={strings.qrBackground}
            checked={layer.background !== undefined}
            disabled={disabled}
            onChange={(v) => update({ background: v ? '#ffffff' : undefined })}
          />
          {layer.background !== undefined
            ? colour(strings.qrBackground, layer.background, (hex, c) => update({ background: hex }, c))
            : null}
          <Row>
            <Select
              label={strings.qrEcc}
              value={layer.ecc}
              disabled={disabled}
              onChange={(v) => update({ ecc: v })}
              options={(['L', 'M', 'Q', 'H'] as const).map((v) => ({ value: v, label: v }))}
            />
            <NumberInput
              label={strings.qrMargin}
              value={layer.margin}
              min={0}
              max={8}
              onChange={(v, c) => update({ margin: Math.round(v) }, c)}
              disabled={disabled}
            />
          </Row>
        </Section>
      ) : null}
      <FieldsSection
        t={t}
        layer={layer}
        dispatch={dispatch}
        strings={strings}
        readOnly={readOnly}
        fonts={fonts}
      >
        <TextListChoice t={t} layer={layer} replace={replace} strings={strings} readOnly={readOnly} />
        <ImageSetChoice
          t={t}
          layer={layer}
          replace={replace}
          strings={strings}
          readOnly={readOnly}
          uploadImage={uploadImage}
          images={images}
        />
      </FieldsSection>
    </>
  )
}

function FontControls({
  layer,
  fonts,
  strings,
  update,
  disabled,
}: {
  layer: Extract<Layer, { type: 'text' }>
  fonts: DesignerFont[]
  strings: DesignerWords
  update: (patch: Partial<Layer>) => void
  disabled?: boolean
}) {
  const family = typeof layer.font === 'string' ? layer.font : 'sans'
  const font = fonts.find((f) => f.family === family)
  const weights = font?.weights ?? [400, 700]
  // A weight the customer picks among (a choice field) is set in the Fields section.
  const weight = typeof layer.weight === 'number' ? layer.weight : undefined
  return (
    <Row>
      <Select
        label={strings.font}
        value={family}
        disabled={disabled}
        onChange={(v) => {
          const next = fonts.find((f) => f.family === v)
          // A weight or style the new family lacks becomes its nearest.
          const current = weight ?? 400
          const nearest = next?.weights.includes(current)
            ? current
            : (next?.weights.reduce((a, b) => (Math.abs(b - current) < Math.abs(a - current) ? b : a)) ?? 400)
          update({
            font: v as 'sans',
            ...(weight === undefined ? {} : { weight: nearest as 400 }),
            italic: Boolean(layer.italic && next?.styles.includes('italic')),
          })
        }}
        options={fonts.map((f) => ({ value: f.family, label: f.label ?? f.family }))}
      />
      {weight === undefined ? null : (
        <Select
          label={strings.weight}
          value={String(weight)}
          disabled={disabled}
          onChange={(v) => update({ weight: Number(v) as 400 })}
          options={weights.map((w) => ({ value: String(w), label: String(w) }))}
        />
      )}
      <Checkbox
        label={strings.italic}
        checked={layer.italic}
        disabled={disabled || !font?.styles.includes('italic')}
        onChange={(v) => update({ italic: v })}
      />
    </Row>
  )
}

/** A fill: one colour, or a linear gradient between two (its angle and end colour). */
function PaintControls({
  paint,
  strings,
  update,
  colour,
  disabled,
}: {
  paint: Paint | undefined
  strings: DesignerWords
  update: (p: Paint | undefined, coalesce?: string) => void
  colour: (label: string, value: unknown, set: (hex: string, coalesce: string) => void) => React.ReactNode
  disabled?: boolean
}) {
  const gradient = typeof paint === 'object' && paint !== null && 'type' in paint ? paint : undefined
  if (gradient && (gradient.type !== 'linear' || gradient.stops.length !== 2))
    return <p style={{ margin: 0 }}>{`${strings.fill}: ${strings.gradient}`}</p>
  const first = gradient ? gradient.stops[0]?.color : paint
  return (
    <>
      {colour(strings.fill, first ?? '#ffffff', (hex, c) =>
        update(
          gradient?.type === 'linear'
            ? {
                ...gradient,
                stops: [{ offset: 0, color: hex }, gradient.stops[1] ?? { offset: 1, color: hex }],
              }
            : hex,
          c,
        ),
      )}
      <Checkbox
        label={strings.gradient}
        checked={Boolean(gradient)}
        disabled={disabled || typeof first !== 'string'}
        onChange={(v) =>
          typeof first === 'string' &&
          update(
            v
              ? {
                  type: 'linear',
                  angle: 180,
                  stops: [
                    { offset: 0, color: first },
                    { offset: 1, color: '#111111' },
                  ],
                }
              : first,
          )
        }
      />
      {gradient?.type === 'linear' ? (
        <Row>
          <NumberInput
            label={strings.gradientAngle}
            value={gradient.angle}
            min={-360}
            max={360}
            step={15}
            onChange={(v, c) => update({ ...gradient, angle: v }, c)}
            disabled={disabled}
          />
          {colour(strings.gradientEnd, gradient.stops[1]?.color, (hex, c) =>
            update(
              {
                ...gradient,
                stops: [gradient.stops[0] ?? { offset: 0, color: hex }, { offset: 1, color: hex }],
              },
              c,
            ),
          )}
        </Row>
      ) : null}
    </>
  )
}
