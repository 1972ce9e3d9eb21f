import { type Box, fitScale, imageKey, type Layer, type Locale, sizeOrDefault } from '@templet/template'
import {
  type CSSProperties,
  type Dispatch,
  type KeyboardEvent,
  type MouseEvent,
  memo,
  type PointerEvent,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { boxIn, unionBox } from '../state/boxes'
import type { DesignerAction, DesignerState } from '../state/designer-state'
import {
  boxFromCorners,
  HANDLES,
  type Handle,
  handleAt,
  intersects,
  resizeBox,
  rotationTowards,
} from '../state/geometry'
import { enteredGroup, expandToGroups, membersOf } from '../state/groups'
import { type Guide, type SnapLines, snapBox, snapResize, snapTargets, withLines } from '../state/snap'
import { paintDocument } from './paint-document'
import { editsOnCanvas, OnCanvasTextEditor, withWordsIn } from './text-editor'

/** Snapping reaches this many screen pixels, whatever the zoom. */
const SNAP_SCREEN_PX = 6
/** A marquee smaller than this (screen px) is a click on the empty canvas: it clears the selection. */
const CLICK_PX = 3
const ACCENT = '#2563eb'

/** A resize handle on a frame (one layer's or a multi-selection's), centred on its corner or edge. */
function handleStyle(h: Handle): CSSProperties {
  const { fx, fy } = handleAt(h)
  return {
    position: 'absolute',
    left: `calc(${fx * 100}% - 5px)`,
    top: `calc(${fy * 100}% - 5px)`,
    width: 10,
    height: 10,
    background: '#ffffff',
    border: `1.5px solid ${ACCENT}`,
    borderRadius: 2,
    pointerEvents: 'auto',
    cursor: `${h}-resize`,
  }
}

export interface DesignerCanvasProps {
  state: DesignerState
  dispatch: Dispatch<DesignerAction>
  locale: Locale
  /** CSS px per template px. */
  zoom: number
  /** Nothing can be moved (a phone, a catalogue template). */
  readOnly?: boolean
  /** The accessible name of the canvas region. */
  label: string
  /** A layer's accessible name (its name, else its id, by default). */
  layerLabel?: (id: string) => string
  /** The name of a text's editor on the canvas; `{name}` is the layer's. */
  editTextLabel?: string
  /**
   * What a photo's crop mode says (double click or Enter on an image): how to move the photo in its frame and
   * leave; `{name}` is the layer's.
   */
  cropLabel?: string
  /** Decoded images by the key the model draws them under (fixed images: `src:<ref>`). */
  images?: Map<string, ImageBitmap>
  /** Grows when what the drawing uses besides the document changed (fonts came in): the canvas draws again. */
  repaint?: number
  /** Lines a moved or resized layer snaps to besides the page and the other layers: guides, the layout grid. */
  snapLines?: SnapLines[]
  /** Drawn over the picture, under the layers' buttons (the layout grid). */
  underlay?: ReactNode
  /** Drawn over everything, within the canvas's coordinates (the guides). */
  overlay?: ReactNode
}

type Gesture =
  | {
      gesture: 'move'
      pointerId: number
      startX: number
      startY: number
      /** The selection's union box when the drag began. */
      start: Box
      /** Other layers' boxes, the snap targets. */
      others: Box[]
      /** What has been applied so far, in template px. */
      applied: { x: number; y: number }
    }
  | {
      gesture: 'resize'
      pointerId: number
      id: string
      handle: Handle
      startX: number
      startY: number
      start: Box
      rotation: number
      others: Box[]
    }
  | {
      /** The frame of a multi-selection resized: every layer in it scales with it. */
      gesture: 'resizeMany'
      pointerId: number
      handle: Handle
      startX: number
      startY: number
      /** The selection's union box and its layers when the drag began. */
      start: Box
      layers: Layer[]
    }
  | { gesture: 'rotate'; pointerId: number; id: string; start: Box }
  | {
      /** A photo moved inside its frame (crop mode): its focus follows the pointer. */
      gesture: 'pan'
      pointerId: number
      id: string
      startX: number
      startY: number
      focus: { x: number; y: number }
      /** The photo's drawn size in template px, and the layer's rotation. */
      drawn: { w: number; h: number }
      rotation: number
    }
  | {
      gesture: 'marquee'
      pointerId: number
      from: { x: number; y: number }
      toggle: boolean
      /** The page-covering layer the press began on: a click selects it, a drag draws the marquee. */
      pressed?: string
    }

const tenth = (n: number) => Math.round(n * 10) / 10

/** Whether a layer can be picked on the canvas: drawn and not locked. */
const pickable = (l: Layer) => !l.hidden && !l.locked

/** The smallest side of a layer's button, in CSS px (WCAG 2.5.8's target size). */
const MIN_TARGET = 24

/** A box of the template on the canvas, in CSS px at `zoom`. */
const frameAt = (b: Box, zoom: number, rotation = 0): CSSProperties => ({
  position: 'absolute',
  left: b.x * zoom,
  top: b.y * zoom,
  width: b.w * zoom,
  height: b.h * zoom,
  transform: rotation ? `rotate(${rotation}deg)` : undefined,
})

/**
 * A layer's button: its box, grown about its centre to at least 24 CSS px a side (WCAG 2.5.8, a thin text
 * line or a zoomed-out layer is still a target a finger or a pointer can take), and where the layer itself
 * lies inside it, for the selection's outline.
 */
function targetAt(b: Box, zoom: number, rotation = 0): { button: CSSProperties; inner: CSSProperties } {
  const w = b.w * zoom
  const h = b.h * zoom
  const growX = Math.max(0, MIN_TARGET - w) / 2
  const growY = Math.max(0, MIN_TARGET - h) / 2
  return {
    button: {
      ...frameAt(b, zoom, rotation),
      left: b.x * zoom - growX,
      top: b.y * zoom - growY,
      width: w + 2 * growX,
      height: h + 2 * growY,
    },
    inner: { position: 'absolute', left: growX, top: growY, width: w, height: h, pointerEvents: 'none' },
  }
}

/**
 * What a layer's button does, by the layer's id. One object for the canvas's life, reading the canvas's latest
 * state when called: a button whose own props are as they were is not rendered again when another layer moves.
 */
interface LayerActions {
  pointerDown(id: string, e: PointerEvent<HTMLElement>): void
  open(id: string): void
  keyDown(id: string, e: KeyboardEvent<HTMLElement>): void
  focus(id: string): void
}

interface LayerButtonProps {
  id: string
  label: string
  selected: boolean
  /** Its photo is being moved in its frame (crop mode). */
  cropping: boolean
  readOnly: boolean
  /** Its box in template px, and its rotation. */
  x: number
  y: number
  w: number
  h: number
  rotation: number
  zoom: number
  actions: LayerActions
}

/**
 * One layer's focusable element on the canvas. Its props are plain values and one stable `actions`: a pointer
 * move of a drag renders the moving layers' buttons again, not the other 100.
 */
const LayerButton = memo(function LayerButton(p: LayerButtonProps) {
  const area = targetAt({ x: p.x, y: p.y, w: p.w, h: p.h }, p.zoom, p.rotation)
  const { id, actions } = p
  return (
    <button
      type="button"
      aria-label={p.label}
      aria-pressed={p.selected}
      data-layer={id}
      data-state={p.selected ? 'selected' : 'idle'}
      onPointerDown={(e) => actions.pointerDown(id, e)}
      onDoubleClick={() => actions.open(id)}
      onKeyDown={(e) => actions.keyDown(id, e)}
      onFocus={() => actions.focus(id)}
      style={{
        ...area.button,
        padding: 0,
        background: 'transparent',
        border: 0,
        cursor: p.readOnly ? 'default' : p.cropping ? 'grab' : 'move',
      }}
    >
      {p.selected ? (
        <span
          aria-hidden="true"
          style={{
            ...area.inner,
            outline: `2px ${p.cropping ? 'dashed' : 'solid'} ${ACCENT}`,
            outlineOffset: 0,
          }}
        />
      ) : null}
    </button>
  )
})

/** Whether two lists of snapping guides are the same lines. */
const sameGuides = (a: Guide[], b: Guide[]) =>
  a.length === b.length && a.every((g, i) => g.axis === b[i]?.axis && g.at === b[i]?.at)

/**
 * The design surface: the document drawn by the model on a `<canvas>`, and over it one focusable element per
 * layer that selects it (click, Shift-click), drags it (snapping to the canvas's and other layers' edges and
 * centres, with guides; Alt disables) and nudges it (arrows 1 px, Shift+arrows 10 px). A single selected layer
 * has eight resize handles (Shift keeps the ratio) and a rotation handle (Shift: 15° steps); several selected
 * layers have a frame whose eight handles scale them all with it (Shift keeps the ratio); a drag on the
 * empty canvas draws a marquee that selects the layers it touches. The handles are for the pointer: the
 * properties panel's fields do the same from the keyboard.
 */
export function DesignerCanvas({
  state,
  dispatch,
  locale,
  zoom,
  readOnly,
  label,
  layerLabel,
  editTextLabel = 'Words of {name}',
  cropLabel = 'Cropping {name}: drag the photo in its frame, or use the arrow keys; Enter or Escape to finish',
  images,
  repaint,
  snapLines = [],
  underlay,
  overlay,
}: DesignerCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const surfaceRef = useRef<HTMLDivElement>(null)
  const gesture = useRef<Gesture | undefined>(undefined)
  const [guides, setGuides] = useState<Guide[]>([])
  /** The text layer whose words are being edited on the canvas (a double click, or Enter on it). */
  const [editing, setEditing] = useState<string>()
  /** The image layer whose photo is being moved in its frame (crop mode). */
  const [cropping, setCropping] = useState<string>()
  const [marquee, setMarquee] = useState<Box | undefined>(undefined)
  const [active, setActive] = useState<Gesture['gesture'] | undefined>(undefined)
  const t = state.document
  const size = sizeOrDefault(t, state.sizeId)
  const nameOf = (l: Layer) => (layerLabel ? layerLabel(l.id) : (l.name ?? l.id))

  const paint = () => {
    const canvas = canvasRef.current
    // During a gesture, the layers under the selection are drawn once and kept (pixels as a full paint's).
    const moving = state.underway ? state.selection : undefined
    if (canvas)
      paintDocument(canvas, t, { sizeId: size.id, locale, scale: zoom, images, moving, epoch: repaint })
  }
  // A gesture's step is drawn before the frame that moves its layers' buttons: the picture and the buttons move
  // in one frame, not in two (its kept layers make the drawing short); any other change is drawn after its frame.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `repaint` is when fonts the drawing uses came in; a gesture's start or end alone changes no pixel.
  useLayoutEffect(() => {
    if (state.underway) paint()
  }, [t, size.id, locale, zoom, images, repaint])
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above
  useEffect(() => {
    if (!state.underway) paint()
  }, [t, size.id, locale, zoom, images, repaint])

  /** A pointer's position in template px. */
  const at = (e: { clientX: number; clientY: number }) => {
    const r = surfaceRef.current?.getBoundingClientRect()
    return { x: (e.clientX - (r?.left ?? 0)) / zoom, y: (e.clientY - (r?.top ?? 0)) / zoom }
  }
  /** The boxes of the layers a gesture does not move: what it snaps to. */
  const othersThan = (ids: string[]) =>
    t.layers
      .filter((l) => !ids.includes(l.id) && !l.hidden && (l.box || l.bySize?.[size.id]?.box))
      .map((l) => boxIn(t, l, size.id))

  /** Where a layer moved or resized among `others` snaps. */
  const targets = (others: Box[]) => withLines(snapTargets(size, others), ...snapLines)

  const start = (e: PointerEvent<HTMLElement>, g: Gesture) => {
    surfaceRef.current?.setPointerCapture(e.pointerId)
    gesture.current = g
    setActive(g.gesture)
    if (g.gesture !== 'marquee') dispatch({ type: 'begin' })
  }

  /** Whether a layer covers the whole page, as a background does: a drag over it selects what lies on it. */
  const coversPage = (l: Layer) => {
    if (!l.box && !l.bySize?.[size.id]?.box) return true
    const b = boxIn(t, l, size.id)
    return !l.rotation && b.x <= 0 && b.y <= 0 && b.x + b.w >= size.width && b.y + b.h >= size.height
  }

  /** The photo an image layer draws at its size, in template px; undefined while it has none. */
  const drawnPhoto = (layer: Layer): { w: number; h: number } | undefined => {
    if (layer.type !== 'image') return undefined
    const img = images?.get(imageKey(layer, t.samples[locale]))
    if (!img) return undefined
    const box = boxIn(t, layer, size.id)
    const fit = typeof layer.fit === 'string' ? layer.fit : 'cover'
    const k = fitScale(fit, box, img.width, img.height) * (layer.zoom ?? 1)
    return { w: img.width * k, h: img.height * k }
  }
  const crops = (layer: Layer) => !readOnly && drawnPhoto(layer) !== undefined

  /** The focus after the photo moved by (dx, dy) template px on the page: the photo follows the pointer. */
  const pannedFocus = (
    focus: { x: number; y: number },
    drawn: { w: number; h: number },
    rotation: number,
    dx: number,
    dy: number,
  ) => {
    // Into the layer's own axes: a rotated photo moves along its edges.
    const a = (-rotation * Math.PI) / 180
    const u = dx * Math.cos(a) - dy * Math.sin(a)
    const v = dx * Math.sin(a) + dy * Math.cos(a)
    const clamp = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 1000) / 1000
    return { x: clamp(focus.x - u / drawn.w), y: clamp(focus.y - v / drawn.h) }
  }

  const onLayerPointerDown = (id: string, e: PointerEvent<HTMLElement>) => {
    if (e.button !== 0) return
    e.stopPropagation()
    const croppingThis = cropLayer?.id === id && cropLayer.type === 'image' ? cropLayer : undefined
    const drawn = croppingThis && drawnPhoto(croppingThis)
    if (croppingThis && drawn) {
      start(e, {
        gesture: 'pan',
        pointerId: e.pointerId,
        id,
        startX: e.clientX,
        startY: e.clientY,
        focus: croppingThis.focus,
        drawn,
        rotation: croppingThis.rotation ?? 0,
      })
      return
    }
    if (cropping) setCropping(undefined)
    const selected = state.selection.includes(id)
    const layer = t.layers.find((l) => l.id === id)
    if (!selected && !e.shiftKey && layer && coversPage(layer)) {
      start(e, { gesture: 'marquee', pointerId: e.pointerId, from: at(e), toggle: false, pressed: id })
      return
    }
    // Inside a group (after a double click), a press on another of its layers selects that layer alone.
    const within = layer?.group !== undefined && enteredGroup(t, state.selection) === layer.group
    if (e.shiftKey) dispatch({ type: 'select', ids: [id], toggle: true, within })
    else if (!selected) dispatch({ type: 'select', ids: [id], within })
    if (readOnly || e.shiftKey) return
    // A press on a layer of a group moves the whole group.
    const moving = selected ? state.selection : within ? [id] : expandToGroups(t, [id])
    const boxes = t.layers.filter((l) => moving.includes(l.id) && !l.locked).map((l) => boxIn(t, l, size.id))
    const box = unionBox(boxes)
    if (!box) return
    start(e, {
      gesture: 'move',
      pointerId: e.pointerId,
      startX: e.clientX,
      startY: e.clientY,
      start: box,
      others: othersThan(moving),
      applied: { x: 0, y: 0 },
    })
  }

  const onHandlePointerDown = (layer: Layer, handle: Handle | 'rotate') => (e: PointerEvent<HTMLElement>) => {
    if (e.button !== 0 || readOnly) return
    e.stopPropagation()
    // A handle takes no focus and starts no selection: the focus stays on the layer, for the arrow keys.
    e.preventDefault()
    const box = boxIn(t, layer, size.id)
    if (handle === 'rotate') start(e, { gesture: 'rotate', pointerId: e.pointerId, id: layer.id, start: box })
    else
      start(e, {
        gesture: 'resize',
        pointerId: e.pointerId,
        id: layer.id,
        handle,
        startX: e.clientX,
        startY: e.clientY,
        start: box,
        rotation: layer.rotation ?? 0,
        others: othersThan([layer.id]),
      })
  }

  const onGroupHandlePointerDown = (handle: Handle, layers: Layer[]) => (e: PointerEvent<HTMLElement>) => {
    if (e.button !== 0 || readOnly) return
    e.stopPropagation()
    e.preventDefault()
    const union = unionBox(layers.map((l) => boxIn(t, l, size.id)))
    if (!union) return
    start(e, {
      gesture: 'resizeMany',
      pointerId: e.pointerId,
      handle,
      startX: e.clientX,
      startY: e.clientY,
      start: union,
      layers,
    })
  }

  const onSurfacePointerDown = (e: PointerEvent<HTMLElement>) => {
    if (e.button !== 0) return
    setCropping(undefined)
    start(e, { gesture: 'marquee', pointerId: e.pointerId, from: at(e), toggle: e.shiftKey })
  }

  /** The guides a step snapped to; the same lines again (most steps) render nothing. */
  const showGuides = (next: Guide[]) => setGuides((shown) => (sameGuides(shown, next) ? shown : next))

  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    const g = gesture.current
    if (!g || g.pointerId !== e.pointerId) return
    const threshold = SNAP_SCREEN_PX / zoom
    if (g.gesture === 'move') {
      const moved = {
        ...g.start,
        x: g.start.x + (e.clientX - g.startX) / zoom,
        y: g.start.y + (e.clientY - g.startY) / zoom,
      }
      const snapped = e.altKey ? { box: moved, guides: [] } : snapBox(moved, targets(g.others), threshold)
      // To the tenth boxes are kept in: each step lands where the pointer (or the line snapped to) is, rather than
      // drifting by the rounding of every step before it.
      const dx = tenth(snapped.box.x) - g.start.x - g.applied.x
      const dy = tenth(snapped.box.y) - g.start.y - g.applied.y
      g.applied = { x: g.applied.x + dx, y: g.applied.y + dy }
      showGuides(snapped.guides)
      if (dx !== 0 || dy !== 0) dispatch({ type: 'move', dx, dy, transient: true })
    } else if (g.gesture === 'resize') {
      const dx = (e.clientX - g.startX) / zoom
      const dy = (e.clientY - g.startY) / zoom
      let box = resizeBox(g.start, g.rotation, g.handle, dx, dy, e.shiftKey)
      let lines: Guide[] = []
      // Snapping moves edges on the canvas's axes: a rotated layer's edges are not, and Shift's ratio wins.
      if (!e.altKey && !e.shiftKey && g.rotation === 0) {
        const { fx, fy } = handleAt(g.handle)
        const side = (f: number) => (f === 0 ? ('start' as const) : f === 1 ? ('end' as const) : undefined)
        const snapped = snapResize(box, { x: side(fx), y: side(fy) }, targets(g.others), threshold)
        box = snapped.box
        lines = snapped.guides
      }
      showGuides(lines)
      dispatch({ type: 'setBox', id: g.id, box, transient: true })
    } else if (g.gesture === 'resizeMany') {
      const dx = (e.clientX - g.startX) / zoom
      const dy = (e.clientY - g.startY) / zoom
      const to = resizeBox(g.start, 0, g.handle, dx, dy, e.shiftKey)
      dispatch({ type: 'scaleGroup', layers: g.layers, handle: g.handle, from: g.start, to, transient: true })
    } else if (g.gesture === 'pan') {
      const focus = pannedFocus(
        g.focus,
        g.drawn,
        g.rotation,
        (e.clientX - g.startX) / zoom,
        (e.clientY - g.startY) / zoom,
      )
      dispatch({ type: 'update', id: g.id, patch: { focus }, transient: true })
    } else if (g.gesture === 'rotate') {
      const rotation = rotationTowards(g.start, at(e), e.shiftKey ? 15 : undefined)
      dispatch({ type: 'update', id: g.id, patch: { rotation: rotation || undefined }, transient: true })
    } else setMarquee(boxFromCorners(g.from, at(e)))
  }

  const onPointerUp = (e: PointerEvent<HTMLElement>) => {
    const g = gesture.current
    if (!g || g.pointerId !== e.pointerId) return
    if (g.gesture === 'marquee') {
      const m = boxFromCorners(g.from, at(e))
      const hit =
        m.w * zoom < CLICK_PX && m.h * zoom < CLICK_PX
          ? g.pressed
            ? [g.pressed]
            : []
          : t.layers
              .filter((l) => pickable(l) && !coversPage(l))
              .filter((l) => intersects(m, boxIn(t, l, size.id)))
              .map((l) => l.id)
      if (g.toggle) {
        if (hit.length > 0) dispatch({ type: 'select', ids: hit, toggle: true })
      } else dispatch({ type: 'select', ids: hit })
      setMarquee(undefined)
    } else dispatch({ type: 'end' })
    gesture.current = undefined
    setActive(undefined)
    setGuides([])
  }

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const step = e.shiftKey ? 10 : 1
    const arrows: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    }
    const arrow = arrows[e.key]
    if (arrow && !readOnly && state.selection.length > 0) {
      e.preventDefault()
      dispatch({ type: 'move', dx: arrow[0], dy: arrow[1] })
    } else if (e.key === 'Escape') {
      // Out of a group first (back to the whole group), then out of the selection.
      const inside = enteredGroup(t, state.selection)
      dispatch({ type: 'select', ids: inside ? membersOf(t, inside) : [] })
    }
  }

  /**
   * A double click or Enter on a layer of a group selected as a whole selects that layer alone (into the group,
   * as in Figma); Escape goes back up. Returns whether it did.
   */
  const enterGroup = (layer: Layer) => {
    if (layer.group === undefined || !state.selection.includes(layer.id)) return false
    if (enteredGroup(t, state.selection) !== undefined) return false
    if (state.selection.length === 1) return false
    dispatch({ type: 'select', ids: [layer.id], within: true })
    return true
  }
  /** A double click on a layer: into its group, else its words edited on the canvas, else its photo cropped. */
  const openLayer = (id: string) => {
    const layer = t.layers.find((l) => l.id === id)
    if (!layer || enterGroup(layer)) return
    if (!readOnly && editsOnCanvas(layer)) setEditing(layer.id)
    else if (crops(layer)) setCropping(layer.id)
  }
  /**
   * The surface holds the pointer from a press on a layer (`start`), so a browser that sends the click to the
   * capturing element (Chromium) double-clicks the surface, not the layer's button: the layer is the one under
   * the pointer.
   */
  const onSurfaceDoubleClick = (e: MouseEvent<HTMLElement>) => {
    if (e.target !== e.currentTarget) return
    const hit = document
      .elementsFromPoint(e.clientX, e.clientY)
      .find((el) => el instanceof HTMLElement && el.dataset.layer && surfaceRef.current?.contains(el))
    if (hit instanceof HTMLElement && hit.dataset.layer) openLayer(hit.dataset.layer)
  }
  const inside = enteredGroup(t, state.selection)
  const insideBox = inside
    ? unionBox(t.layers.filter((l) => l.group === inside).map((l) => boxIn(t, l, size.id)))
    : undefined

  const selected = t.layers.filter((l) => state.selection.includes(l.id) && !l.hidden)
  // Crop mode lasts while its layer is the one selected and still has a photo to move.
  const cropLayer =
    cropping !== undefined && state.selection.length === 1 && state.selection[0] === cropping
      ? t.layers.find((l) => l.id === cropping && pickable(l) && crops(l))
      : undefined
  const single = selected.length === 1 && !readOnly && !selected[0]?.locked ? selected[0] : undefined
  // A multi-selection's frame: the union of the layers it moves (locked ones stay), with handles that scale them.
  const group = !readOnly && selected.length > 1 ? selected.filter((l) => !l.locked) : []
  const groupBox = group.length > 1 ? unionBox(group.map((l) => boxIn(t, l, size.id))) : undefined
  const frame = (b: Box, rotation = 0) => frameAt(b, zoom, rotation)

  /** Arrows move a cropped photo in its frame; Enter opens a layer (into its group, its words, its photo). */
  const onLayerKeyDown = (id: string, e: KeyboardEvent<HTMLElement>) => {
    const layer = t.layers.find((l) => l.id === id)
    if (!layer) return
    if (cropLayer?.id === layer.id && layer.type === 'image') {
      const drawn = drawnPhoto(layer)
      const step = (e.shiftKey ? 10 : 1) / zoom
      const arrow = {
        ArrowLeft: [-step, 0],
        ArrowRight: [step, 0],
        ArrowUp: [0, -step],
        ArrowDown: [0, step],
      }[e.key]
      if (arrow && drawn) {
        e.preventDefault()
        e.stopPropagation()
        const [dx = 0, dy = 0] = arrow
        dispatch({
          type: 'update',
          id: layer.id,
          patch: { focus: pannedFocus(layer.focus, drawn, layer.rotation ?? 0, dx, dy) },
        })
      } else if (e.key === 'Enter' || e.key === 'Escape') {
        e.preventDefault()
        e.stopPropagation()
        setCropping(undefined)
      }
      return
    }
    if (e.key !== 'Enter') return
    if (enterGroup(layer)) {
      e.preventDefault()
      return
    }
    if (readOnly) return
    if (editsOnCanvas(layer)) {
      e.preventDefault()
      setEditing(layer.id)
    } else if (crops(layer)) {
      e.preventDefault()
      setCropping(layer.id)
    }
  }
  /** A layer that takes the focus (Tab) is selected, unless a gesture's press gave it the focus. */
  const onLayerFocus = (id: string) => {
    const layer = t.layers.find((l) => l.id === id)
    if (!layer || state.selection.includes(id) || gesture.current !== undefined) return
    dispatch({ type: 'select', ids: [id], within: layer.group !== undefined && inside === layer.group })
  }

  // The buttons' actions call the handlers of the latest render committed (the ones that see its state).
  const latest = useRef<LayerActions>(undefined)
  useLayoutEffect(() => {
    latest.current = {
      pointerDown: onLayerPointerDown,
      open: openLayer,
      keyDown: onLayerKeyDown,
      focus: onLayerFocus,
    }
  })
  const actions = useMemo<LayerActions>(
    () => ({
      pointerDown: (id, e) => latest.current?.pointerDown(id, e),
      open: (id) => latest.current?.open(id),
      keyDown: (id, e) => latest.current?.keyDown(id, e),
      focus: (id) => latest.current?.focus(id),
    }),
    [],
  )

  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled region around the canvas and its layers
    <div
      ref={surfaceRef}
      role="group"
      aria-label={label}
      onKeyDown={onKeyDown}
      onPointerDown={onSurfacePointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onDoubleClick={onSurfaceDoubleClick}
      data-slot="designer-canvas"
      dir="ltr"
      data-gesture={active}
      style={{
        position: 'relative',
        width: size.width * zoom,
        height: size.height * zoom,
        touchAction: 'none',
        // A press that drags must not select the page's text: the browser would turn the next drag into a
        // drag of that selection and cancel the gesture after its first step.
        userSelect: 'none',
        WebkitUserSelect: 'none',
        boxShadow: '0 0 0 1px rgba(0,0,0,0.12), 0 1px 4px rgba(0,0,0,0.12)',
      }}
    >
      {/* The picture; the layers' buttons over it are what a screen reader and a keyboard reach. */}
      <div aria-hidden="true" style={{ position: 'absolute', inset: 0 }}>
        <canvas ref={canvasRef} style={{ width: '100%', height: '100%', display: 'block' }} />
      </div>
      {underlay}
      {t.layers.filter(pickable).map((layer) => {
        const b = boxIn(t, layer, size.id)
        return (
          <LayerButton
            key={layer.id}
            id={layer.id}
            label={nameOf(layer)}
            selected={state.selection.includes(layer.id)}
            cropping={cropLayer?.id === layer.id}
            readOnly={readOnly === true}
            x={b.x}
            y={b.y}
            w={b.w}
            h={b.h}
            rotation={layer.rotation ?? 0}
            zoom={zoom}
            actions={actions}
          />
        )
      })}
      {/* Always there, so that a screen reader hears the hint when crop mode starts. */}
      <p
        aria-live="polite"
        data-slot="crop-hint"
        style={
          cropLayer
            ? {
                position: 'absolute',
                left: 0,
                top: '100%',
                margin: '8px 0 0',
                padding: '4px 8px',
                borderRadius: 6,
                background: '#1c1917',
                color: '#fafaf9',
                font: '12px/1.4 system-ui, sans-serif',
                maxWidth: '100%',
              }
            : {
                position: 'absolute',
                width: 1,
                height: 1,
                margin: 0,
                overflow: 'hidden',
                clipPath: 'inset(50%)',
              }
        }
      >
        {cropLayer ? cropLabel.replace('{name}', nameOf(cropLayer)) : ''}
      </p>
      {(() => {
        const layer = t.layers.find((l) => l.id === editing && pickable(l))
        if (!layer) return null
        return (
          <OnCanvasTextEditor
            key={layer.id}
            layer={layer}
            locale={locale}
            frame={frame(boxIn(t, layer, size.id), layer.rotation)}
            label={editTextLabel.replace('{name}', nameOf(layer))}
            zoom={zoom}
            onDone={(text) => {
              setEditing(undefined)
              if (text !== undefined)
                dispatch({ type: 'update', id: layer.id, patch: withWordsIn(layer, locale, text) })
              // Back to the layer, so the arrows move it and Enter edits it again.
              surfaceRef.current?.querySelector<HTMLElement>(`[data-layer="${layer.id}"]`)?.focus()
            }}
          />
        )
      })()}
      {/* The group a selection went into: its whole box, dashed. */}
      {insideBox ? (
        <div
          aria-hidden="true"
          data-slot="group-frame"
          style={{ ...frame(insideBox), pointerEvents: 'none', outline: `1px dashed ${ACCENT}` }}
        />
      ) : null}
      {/* Layers selected in the layers panel that the canvas does not pick (locked): outlined only. */}
      {selected
        .filter((l) => l.locked)
        .map((l) => (
          <div
            key={l.id}
            aria-hidden="true"
            data-locked-outline={l.id}
            style={{
              ...frame(boxIn(t, l, size.id), l.rotation),
              pointerEvents: 'none',
              outline: `1px dashed ${ACCENT}`,
            }}
          />
        ))}
      {single && editing !== single.id ? (
        <div
          aria-hidden="true"
          data-slot="selection-frame"
          style={{ ...frame(boxIn(t, single, size.id), single.rotation), pointerEvents: 'none' }}
        >
          {HANDLES.map((h) => (
            <div
              key={h}
              data-handle={h}
              onPointerDown={onHandlePointerDown(single, h)}
              style={handleStyle(h)}
            />
          ))}
          <div
            data-handle="rotate"
            onPointerDown={onHandlePointerDown(single, 'rotate')}
            style={{
              position: 'absolute',
              left: 'calc(50% - 6px)',
              top: -28,
              width: 12,
              height: 12,
              borderRadius: '50%',
              background: '#ffffff',
              border: `1.5px solid ${ACCENT}`,
              pointerEvents: 'auto',
              cursor: 'grab',
            }}
          />
        </div>
      ) : null}
      {groupBox ? (
        <div
          aria-hidden="true"
          data-slot="group-frame"
          style={{ ...frame(groupBox), pointerEvents: 'none', outline: `1px dashed ${ACCENT}` }}
        >
          {HANDLES.map((h) => (
            <div
              key={h}
              data-handle={h}
              onPointerDown={onGroupHandlePointerDown(h, group)}
              style={handleStyle(h)}
            />
          ))}
        </div>
      ) : null}
      {marquee ? (
        <div
          aria-hidden="true"
          data-slot="marquee"
          style={{
            ...frame(marquee),
            pointerEvents: 'none',
            background: 'rgba(37,99,235,0.08)',
            border: `1px solid ${ACCENT}`,
          }}
        />
      ) : null}
      {guides.map((g) => (
        <div
          key={`${g.axis}${g.at}`}
          data-guide={g.axis}
          aria-hidden="true"
          style={{
            position: 'absolute',
            pointerEvents: 'none',
            background: '#db2777',
            ...(g.axis === 'x'
              ? { left: g.at * zoom, top: 0, width: 1, height: '100%' }
              : { top: g.at * zoom, left: 0, height: 1, width: '100%' }),
          }}
        />
      ))}
      {overlay}
    </div>
  )
}
