import { type Layer, type Locale, sizeOrDefault, type Template } from '@templet/template'
import { type Dispatch, memo, useDeferredValue, useId } from 'react'
import { designerKinds } from '../kinds'
import type { DesignerFont, PropertyContext } from '../kinds/kind'
import { PropertyForm } from '../kinds/property-form'
import { boxIn } from '../state/boxes'
import type { DesignerAction, DesignerState } from '../state/designer-state'
import { normalizeAngle } from '../state/geometry'
import type { DesignerWords } from '../strings'
import { ImageSetChoice, TextListChoice } from './choice-sections'
import { Checkbox, NumberInput, Row, Section, TextInput } from './controls'
import { FieldsSection } from './fields-section'
import { layerName } from './layers-panel'

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

const fill = (s: string, vars: Record<string, string | number>) =>
  s.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''))

/**
 * The selected layer's properties: position, size and rotation (the keyboard's way to do what the handles
 * do), then those of its kind, then the fields the customer fills. Every change is one undo step; typing in
 * one field is one step for the whole visit.
 */
const MemoPropertiesPanel = memo(PropertiesPanel)

/**
 * The properties panel as the designer shows it: during a gesture (a drag, a resize) it follows the selection's
 * boxes at a lower priority than the canvas, so React renders it when a frame leaves the time (and drops the
 * renders a newer pointer move made stale); at the gesture's end it shows the state at once.
 */
export function DeferredPropertiesPanel(props: PropertiesPanelProps) {
  const deferred = useDeferredValue(props.state)
  return <MemoPropertiesPanel {...props} state={props.state.underway ? deferred : props.state} />
}

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
      <KindSection
        t={t}
        layer={layer}
        sizeId={sizeId}
        strings={strings}
        locale={locale}
        fonts={fonts}
        palette={palette}
        update={update}
        disabled={disabled}
      />
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

/** The section of the layer's kind: its title and its controls, as the kind describes them. */
function KindSection({
  t,
  layer,
  palette,
  ...ctx
}: PropertyContext<Layer> & { layer: Layer; palette: string[] | undefined }) {
  const { section, controls } = designerKinds.properties(layer, { t, ...ctx })
  return (
    <Section title={ctx.strings[section]}>
      <PropertyForm
        controls={controls}
        t={t}
        strings={ctx.strings}
        locale={ctx.locale}
        palette={palette}
        disabled={ctx.disabled}
      />
    </Section>
  )
}
