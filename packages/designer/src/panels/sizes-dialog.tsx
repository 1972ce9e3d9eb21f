import {
  customSize,
  formatPrintSize,
  pixelSide,
  SIZE_PIXEL_BOUNDS,
  SIZE_PRESETS,
  type Size,
  type Template,
} from '@templet/template'
import { Button } from '@templet/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@templet/ui/dialog'
import { Input } from '@templet/ui/input'
import { NativeSelect } from '@templet/ui/select'
import { Trash2 } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import type { DesignerAction } from '../state/designer-state'
import type { DesignerWords } from '../strings'

const CUSTOM = 'custom'

interface SizesDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  document: Template
  dispatch: (action: DesignerAction) => void
  strings: DesignerWords
  locale: 'en' | 'zh-CN'
}

/** How big a size is to a designer: its sheet when printed, else its pixels. */
const measure = (s: Size) => (s.print ? formatPrintSize(s.print) : `${s.width} × ${s.height} px`)

/** The side typed, or why it is not one. */
function side(text: string, strings: DesignerWords): number | string {
  const { min, max } = SIZE_PIXEL_BOUNDS
  return pixelSide(text) ?? strings.sideRange.replace('{min}', String(min)).replace('{max}', String(max))
}

/** Width and height inputs for a screen size, with the message of a side out of bounds under each. */
function SidesInputs(p: {
  width: string
  height: string
  onChange: (next: { width: string; height: string }) => void
  errors: { width?: string; height?: string }
  strings: DesignerWords
}) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8, alignItems: 'start' }}>
      <Input
        label={p.strings.width}
        size="sm"
        inputMode="numeric"
        value={p.width}
        error={p.errors.width}
        onChange={(e) => p.onChange({ width: e.target.value, height: p.height })}
      />
      <Input
        label={p.strings.height}
        size="sm"
        inputMode="numeric"
        value={p.height}
        error={p.errors.height}
        onChange={(e) => p.onChange({ width: p.width, height: e.target.value })}
      />
    </div>
  )
}

/** Reads two sides: the pixels, or the message of each side out of bounds. */
function readSides(
  sides: { width: string; height: string },
  strings: DesignerWords,
): { width: number; height: number } | { errors: { width?: string; height?: string } } {
  const width = side(sides.width, strings)
  const height = side(sides.height, strings)
  if (typeof width === 'number' && typeof height === 'number') return { width, height }
  return {
    errors: {
      ...(typeof width === 'string' && { width }),
      ...(typeof height === 'string' && { height }),
    },
  }
}

/** One size of the design: resized (a screen size) or removed (never the last). */
function SizeRow({
  size,
  only,
  dispatch,
  strings,
  locale,
}: { size: Size; only: boolean } & Pick<SizesDialogProps, 'dispatch' | 'strings' | 'locale'>) {
  const [sides, setSides] = useState({ width: String(size.width), height: String(size.height) })
  const [errors, setErrors] = useState<{ width?: string; height?: string }>({})
  const label = size.label[locale]
  const changed = sides.width !== String(size.width) || sides.height !== String(size.height)
  const resize = (e: FormEvent) => {
    e.preventDefault()
    const read = readSides(sides, strings)
    if ('errors' in read) return setErrors(read.errors)
    setErrors({})
    dispatch({ type: 'resizeSize', sizeId: size.id, ...read })
  }
  return (
    <li
      data-size={size.id}
      style={{ display: 'grid', gap: 8, padding: '10px 0', borderTop: '1px solid var(--ui-border, #e4e4e7)' }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <span style={{ flex: 1, minWidth: 0 }}>
          <span style={{ fontWeight: 500 }}>{label}</span>{' '}
          <span style={{ color: 'var(--ui-muted-foreground, #71717a)', fontSize: 13 }}>{measure(size)}</span>
        </span>
        <Button
          type="button"
          variant="ghost"
          size="icon-sm"
          disabled={only}
          aria-label={strings.removeSize.replace('{size}', label)}
          title={only ? strings.lastSize : strings.removeSize.replace('{size}', label)}
          onClick={() => dispatch({ type: 'removeSize', sizeId: size.id })}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      {size.print ? null : (
        <form onSubmit={resize} noValidate style={{ display: 'grid', gap: 8 }}>
          <SidesInputs
            width={sides.width}
            height={sides.height}
            onChange={setSides}
            errors={errors}
            strings={strings}
          />
          {changed ? (
            <Button type="submit" variant="outline" size="sm" style={{ justifySelf: 'start' }}>
              {strings.resizeSize.replace('{size}', label)}
            </Button>
          ) : null}
        </form>
      )}
    </li>
  )
}

/**
 * The design's sizes: each resized (a screen size: its layout fitted to the new pixels) or removed, and a size
 * added from the presets or of the designer's own pixels, laid out from the first size. Each change is one
 * undo step of the designer.
 */
export function SizesDialog({ open, onOpenChange, document, dispatch, strings, locale }: SizesDialogProps) {
  const offered = SIZE_PRESETS.filter((p) => !document.sizes.some((s) => s.id === p.size.id))
  const [choice, setChoice] = useState(offered[0]?.size.id ?? CUSTOM)
  const [sides, setSides] = useState({ width: '1080', height: '1080' })
  const [errors, setErrors] = useState<{ width?: string; height?: string }>({})
  const picked = offered.some((p) => p.size.id === choice) ? choice : CUSTOM
  const add = (e: FormEvent) => {
    e.preventDefault()
    const preset = offered.find((p) => p.size.id === picked)
    if (preset) return dispatch({ type: 'addSize', size: preset.size })
    const read = readSides(sides, strings)
    if ('errors' in read) return setErrors(read.errors)
    setErrors({})
    dispatch({ type: 'addSize', size: customSize(read.width, read.height) })
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={strings.close}>
        <DialogHeader>
          <DialogTitle>{strings.sizes}</DialogTitle>
          <DialogDescription>{strings.sizesIntro}</DialogDescription>
        </DialogHeader>
        <ul aria-label={strings.sizes} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {document.sizes.map((s) => (
            // A new key after a resize resets the row's inputs to the size's pixels.
            <SizeRow
              key={`${s.id}:${s.width}x${s.height}`}
              size={s}
              only={document.sizes.length === 1}
              dispatch={dispatch}
              strings={strings}
              locale={locale}
            />
          ))}
        </ul>
        <form
          aria-label={strings.addSize}
          onSubmit={add}
          noValidate
          style={{
            display: 'grid',
            gap: 8,
            paddingTop: 10,
            borderTop: '1px solid var(--ui-border, #e4e4e7)',
          }}
        >
          <NativeSelect
            label={strings.addSize}
            size="sm"
            value={picked}
            onChange={(e) => setChoice(e.target.value)}
          >
            {offered.map(({ size }) => (
              <option key={size.id} value={size.id}>
                {`${size.label[locale]} · ${measure(size)}`}
              </option>
            ))}
            <option value={CUSTOM}>{strings.customSize}</option>
          </NativeSelect>
          {picked === CUSTOM ? (
            <SidesInputs
              width={sides.width}
              height={sides.height}
              onChange={setSides}
              errors={errors}
              strings={strings}
            />
          ) : null}
          <Button type="submit" size="sm" style={{ justifySelf: 'start' }}>
            {strings.addSizeButton}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  )
}
