import { type Locale, onPage, sizeOrDefault, type Template } from '@templet/template'
import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react'
import { DesignerCanvas, type DesignerCanvasProps } from './canvas/designer-canvas'
import { GridOverlay } from './canvas/grid-overlay'
import { useGuideDrag } from './canvas/guide-drag'
import { GuideLines } from './canvas/guide-lines'
import { rulerUnit } from './canvas/ruler-ticks'
import { Ruler } from './canvas/rulers'
import { clampZoom, fitWidthZoom, fitZoom, stepZoom, Viewport } from './canvas/viewport'
import { WordToolsProvider } from './canvas/word-tools'
import { FIXED_IMAGE_MAX_BYTES, FIXED_IMAGE_TYPES, fixedImageProblem, useFixedImages } from './fixed-images'
import { designerKinds } from './kinds'
import type { DesignerFont } from './kinds/kind'
import { LayersPanel, layerName } from './panels/layers-panel'
import { PageStrip } from './panels/page-strip'
import { DEFAULT_FONTS, DeferredPropertiesPanel, type PropertiesPanelProps } from './panels/properties-panel'
import { SizesDialog } from './panels/sizes-dialog'
import { PreviewPanel } from './preview/preview-panel'
import { copyLayers } from './state/clipboard'
import { readClip, writeClip } from './state/clipboard-storage'
import type { DesignerState } from './state/designer-state'
import { createDesignerStore, type DesignerStore, onDocumentChange } from './state/designer-store'
import { type GuideAxis, guidesOf } from './state/guides'
import { pageIndex } from './state/pages'
import { gridLines } from './state/snap'
import {
  DESIGNER_STRINGS_EN,
  DESIGNER_STRINGS_ZH_CN,
  type DesignerStrings,
  type DesignerWords,
} from './strings'
import { type DesignerPanels, Toolbar } from './toolbar'
import { DEFAULT_VIEW, type DesignerViewOptions, gridSpacing } from './view-options'

/**
 * What the designer shows: the host's store, which the host drives (`load`, `replace`, `fontsChanged`), or a
 * document, for which the designer makes a store of its own (a document of another template starts a new
 * history in it; the same template handed back does not).
 */
export type DesignerSource =
  | { store: DesignerStore; document?: undefined }
  | { document: Template; store?: undefined }

export type DesignerProps = DesignerSource & DesignerOptions

export interface DesignerOptions {
  /**
   * Called with the document once per change: at the end of a gesture (a drag is one call, however many pointer
   * moves it had) and at each change made at once; not for the host's own `load` or `replace`.
   */
  onChange?: (document: Template) => void
  /** The language samples and localised texts are drawn in, and of the designer's words by default. */
  locale?: Locale
  /** Shows the design without letting it change (a phone, a catalogue template). */
  readOnly?: boolean
  /**
   * CSS px per template px the designer opens at (default: 0.5), or `fit-width`: the design as wide as the room
   * the designer's own panels leave it (at most 1), measured once it is laid out and again when another size is
   * shown. The zoom controls change it from there.
   */
  zoom?: number | 'fit-width'
  /** Told of every zoom change (buttons, Ctrl/Cmd+wheel, Ctrl/Cmd +/-/0, fit). */
  onZoomChange?: (zoom: number) => void
  /** The designer's words; any left out come from the locale's (English or Chinese). */
  strings?: DesignerStrings
  /** The fonts the font menu offers, with their weights and styles (default: the three Templet ships). */
  fonts?: DesignerFont[]
  /** Brand colours offered as swatches beside every colour control (`#rrggbb`). */
  palette?: string[]
  /** Shows the preview states (long text, Chinese, Arabic, missing image) beside the design (default: true). */
  previews?: boolean
  /**
   * Stores an image the designer places as a fixed image (a logo) and resolves to its reference (for Templet,
   * the upload's id); a rejection's message is shown. Without it, the Add menu offers no fixed image.
   */
  uploadImage?: (file: File) => Promise<string>
  /** Decodes a fixed image's reference for drawing (the host knows where its files are). */
  loadImage?: (ref: string) => Promise<ImageBitmap | undefined>
  /** The largest fixed image taken, in bytes (default 10 MB). */
  maxImageBytes?: number
  /**
   * Which side panels show at first (default: both). Their switches in the toolbar fold one away to give the
   * canvas its room; with `zoom="fit-width"` a design not zoomed by hand fits the new room.
   */
  panels?: Partial<DesignerPanels>
  /** Told when a panel is shown or folded away (the host may remember it). */
  onPanelsChange?: (panels: DesignerPanels) => void
  /** Rulers and the layout grid at first (default: neither; a 10 px grid); Shift+R, Shift+G and the toolbar change it. */
  view?: Partial<DesignerViewOptions>
  /** Told when rulers or the grid are shown or hidden or the grid's spacing changes (the host may remember it). */
  onViewChange?: (view: DesignerViewOptions) => void
  /**
   * The host's marks over the page shown (review comments' pins), above its layers: drawn in a box of the page's
   * size on screen, so a mark placed in percentages of it stays on its point at every zoom. Told which page (its
   * index) and size are shown; the box passes presses through to the canvas, and a press on a mark is the mark's.
   */
  annotations?: (shown: { page: number; sizeId: string }) => ReactNode
}

/** Keys a focused text control keeps for itself (typing, its own undo) instead of the designer's shortcuts. */
const editable = (el: EventTarget) =>
  el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName))

/** The host's store, or the designer's own, made once from the first document. */
function useSourceStore(source: DesignerSource): DesignerStore {
  const own = useRef<DesignerStore | undefined>(undefined)
  if (source.store) return source.store
  own.current ??= createDesignerStore(source.document)
  return own.current
}

/**
 * The template designer: a document in, changes out. No router and no API: the host loads, saves and
 * provides the fonts (as `FontFace`s under the model's family names).
 */
export function Designer(props: DesignerProps) {
  const store = useSourceStore(props)
  const given = props.document
  // Another template starts afresh; the same template handed back (a host keeping it in its state) does not.
  useEffect(() => {
    if (given && given.id !== store.getDocument().id) store.load(given)
  }, [given, store])
  return (
    <WordToolsProvider palette={props.palette} locale={props.locale} strings={props.strings}>
      <DesignerView {...props} store={store} />
    </WordToolsProvider>
  )
}

function DesignerView({
  store,
  onChange,
  locale = 'en',
  readOnly = false,
  zoom: initialZoom = 0.5,
  onZoomChange,
  strings: given,
  fonts = DEFAULT_FONTS,
  palette,
  previews = true,
  uploadImage,
  loadImage,
  maxImageBytes = FIXED_IMAGE_MAX_BYTES,
  panels: initialPanels,
  onPanelsChange,
  view: initialView,
  onViewChange,
  annotations,
}: DesignerOptions & { store: DesignerStore }) {
  // One object while the words stay the same, so the memoised panels are not rendered again for nothing.
  const strings: DesignerWords = useMemo(
    () => ({ ...(locale === 'zh-CN' ? DESIGNER_STRINGS_ZH_CN : DESIGNER_STRINGS_EN), ...given }),
    [locale, given],
  )
  const state = useSettledState(store)
  // The canvas, the layers panel and the previews show the page being edited (ADR 0198); the properties panel
  // edits the whole design, whose fields every page shares.
  const pageState = useMemo(() => withPageShown(state), [state])
  const fontsEpoch = useSyncExternalStore(store.subscribe, store.getFontsEpoch, store.getFontsEpoch)
  const dispatch = store.dispatch
  const [zoom, setZoomState] = useState(clampZoom(initialZoom === 'fit-width' ? 0.5 : initialZoom))
  const [panels, setPanels] = useState<DesignerPanels>({ layers: true, properties: true, ...initialPanels })
  const [view, setView] = useState<DesignerViewOptions>(() => {
    const v = { ...DEFAULT_VIEW, ...initialView }
    return { ...v, gridSpacing: gridSpacing(v.gridSpacing) }
  })
  /** Whether the zoom is still the one fit-width chose (no zoom by hand since): a change of room fits again. */
  const fitted = useRef(initialZoom === 'fit-width')
  const viewportRef = useRef<HTMLDivElement>(null)
  const fileRef = useRef<HTMLInputElement>(null)
  const rootRef = useRef<HTMLDivElement>(null)
  /** The designer's own width is a phone's or a narrow host's: its panels stack under the canvas. */
  const [narrow, setNarrow] = useState(false)
  useLayoutEffect(() => {
    const el = rootRef.current
    if (!el) return
    const measure = () => setNarrow(el.clientWidth < NARROW_PX)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [])
  /** A layer just added: it takes the focus once drawn, so the arrow keys move it and Delete takes it. */
  const focusAdded = useRef<string | undefined>(undefined)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the document with the new layer is what it waits for.
  useEffect(() => {
    const id = focusAdded.current
    if (!id) return
    focusAdded.current = undefined
    viewportRef.current?.querySelector<HTMLElement>(`[data-layer="${CSS.escape(id)}"]`)?.focus()
  }, [state.document])
  const fixed = useFixedImages(state.document, loadImage)
  const [upload, setUpload] = useState<{ busy: boolean; error?: string }>({ busy: false })
  const [sizesOpen, setSizesOpen] = useState(false)

  useEffect(() => (onChange ? onDocumentChange(store, onChange) : undefined), [store, onChange])

  const setZoom = useCallback(
    (z: number) => {
      const next = clampZoom(Math.round(z * 1000) / 1000)
      fitted.current = false
      setZoomState(next)
      onZoomChange?.(next)
    },
    [onZoomChange],
  )
  const size = sizeOrDefault(state.document, state.sizeId)
  // Before the first paint: the design opens at the zoom it is shown at, not at a guess first.
  useLayoutEffect(() => {
    const el = viewportRef.current
    if (initialZoom !== 'fit-width') setZoomState(clampZoom(initialZoom))
    else if (el) {
      fitted.current = true
      setZoomState(fitWidthZoom(size.width, el.clientWidth))
    }
  }, [initialZoom, size.width])
  // biome-ignore lint/correctness/useExhaustiveDependencies: a panel shown or folded away, or the panels stacked, changes the room, which a zoom fit-width chose follows.
  useLayoutEffect(() => {
    const el = viewportRef.current
    if (el && fitted.current) setZoomState(fitWidthZoom(size.width, el.clientWidth))
  }, [panels.layers, panels.properties, narrow])
  const togglePanel = (panel: keyof DesignerPanels) => {
    const next = { ...panels, [panel]: !panels[panel] }
    setPanels(next)
    onPanelsChange?.(next)
  }
  const changeView = (change: Partial<DesignerViewOptions>) => {
    const next = { ...view, ...change }
    setView(next)
    onViewChange?.(next)
  }
  const unit = useMemo(() => rulerUnit(size), [size])
  const guides = guidesOf(size)
  /** A guide just added by the Guides menu: it takes the focus once drawn, for the arrow keys and Delete. */
  const focusGuide = useRef<{ axis: GuideAxis; index: number } | undefined>(undefined)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the document with the new guide is what it waits for.
  useEffect(() => {
    const g = focusGuide.current
    if (!g) return
    focusGuide.current = undefined
    viewportRef.current
      ?.querySelector<HTMLElement>(`[data-guide-line="${g.axis}"][data-index="${g.index}"]`)
      ?.focus()
  }, [state.document])
  const guideDrag = useGuideDrag({
    zoom,
    viewportRef,
    onDrop: (axis, index, at) => {
      const list = guidesOf(size)[axis]
      const next =
        index === undefined
          ? at === undefined
            ? list
            : [...list, at]
          : at === undefined
            ? list.filter((_, i) => i !== index)
            : list.map((v, i) => (i === index ? at : v))
      dispatch({ type: 'guides', guides: { [axis]: next } })
    },
  })
  const addGuide = (axis: GuideAxis) => {
    const list = guides[axis]
    focusGuide.current = { axis, index: list.length }
    dispatch({
      type: 'guides',
      guides: { [axis]: [...list, Math.round((axis === 'x' ? size.width : size.height) / 2)] },
    })
  }
  const fit = () => {
    const el = viewportRef.current
    if (el) setZoom(fitZoom(size.width, size.height, el.clientWidth, el.clientHeight))
  }
  /** A chosen file checked, uploaded through the host and decoded; the refusal is shown. */
  const uploadFixed = async (file: File) => {
    const problem = fixedImageProblem(file, maxImageBytes, strings)
    if (problem) return void setUpload({ busy: false, error: problem })
    if (!uploadImage) return undefined
    setUpload({ busy: true })
    try {
      const [ref, bitmap] = await Promise.all([uploadImage(file), createImageBitmap(file)])
      fixed.keep(ref, bitmap)
      setUpload({ busy: false })
      return { ref, bitmap }
    } catch (e) {
      const reason = e instanceof Error && e.message ? e.message : String(e)
      setUpload({ busy: false, error: strings.fixedImageFailed.replace('{reason}', reason) })
      return undefined
    }
  }
  const uploadFixedRef = useRef(uploadFixed)
  uploadFixedRef.current = uploadFixed
  /** What the properties panel uploads an option's image with: one function for the designer's life. */
  const uploadOption = useCallback(async (file: File) => (await uploadFixedRef.current(file))?.ref, [])
  /** A chosen file uploaded and placed by the Add menu's upload item, a fixed image (one undo step). */
  const placeFixedImage = async (file: File) => {
    const entry = designerKinds.uploadEntry
    const up = entry?.fromUpload && (await uploadFixed(file))
    if (!entry?.fromUpload || !up) return
    const upload = { ref: up.ref, width: up.bitmap.width, height: up.bitmap.height }
    const layer = entry.fromUpload(state.document, state.sizeId, upload)
    focusAdded.current = layer.id
    dispatch({ type: 'add', layer: { ...layer, name: strings[entry.name] } })
  }
  /** An Add menu item chosen: its new layer added and selected, or its file asked for. */
  const add = (id: string) => {
    const entry = designerKinds.addEntry(id)
    if (entry.fromUpload) return fileRef.current?.click()
    const { layer, field } = designerKinds.newLayer(state.document, state.sizeId, id, {
      text: strings.newText,
      link: strings.qrLink,
      image: { en: DESIGNER_STRINGS_EN.addImage, 'zh-CN': DESIGNER_STRINGS_ZH_CN.addImage },
    })
    focusAdded.current = layer.id
    dispatch({ type: 'add', layer: { ...layer, name: strings[entry.name] }, field })
  }

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const mod = e.ctrlKey || e.metaKey
    const key = e.key.toLowerCase()
    // Zoom works in read-only mode too, and from any control.
    if (mod && (key === '=' || key === '+')) {
      e.preventDefault()
      return setZoom(stepZoom(zoom, 1))
    }
    if (mod && key === '-') {
      e.preventDefault()
      return setZoom(stepZoom(zoom, -1))
    }
    if (mod && key === '0') {
      e.preventDefault()
      return setZoom(1)
    }
    if (editable(e.target)) return
    if (e.shiftKey && !mod && (e.key === '!' || e.code === 'Digit1')) {
      e.preventDefault()
      return fit()
    }
    // As Figma's: Shift+R shows or hides the rulers, Shift+G the layout grid.
    if (e.shiftKey && !mod && !e.altKey && (key === 'r' || key === 'g')) {
      e.preventDefault()
      return changeView(key === 'r' ? { rulers: !view.rulers } : { grid: !view.grid })
    }
    // A read-only design (a catalogue template) may still be copied from.
    if (mod && (key === 'c' || (key === 'x' && !readOnly))) {
      const clip = copyLayers(state.document, state.sizeId, state.selection)
      if (!clip) return
      e.preventDefault()
      writeClip(clip)
      if (key === 'x') {
        dispatch({ type: 'delete' })
        viewportRef.current?.focus()
      }
      return
    }
    if (readOnly) return
    if (mod && key === 'v') {
      const clip = readClip()
      if (!clip) return
      e.preventDefault()
      dispatch({ type: 'paste', clip })
    } else if (mod && key === 'z') {
      e.preventDefault()
      dispatch({ type: e.shiftKey ? 'redo' : 'undo' })
    } else if (mod && key === 'y') {
      e.preventDefault()
      dispatch({ type: 'redo' })
    } else if (mod && key === 'd') {
      e.preventDefault()
      dispatch({ type: 'duplicate' })
    } else if (mod && !e.altKey && key === 'g') {
      // As in Figma and Canva: Ctrl/Cmd+G groups the selection, with Shift ungroups it.
      e.preventDefault()
      dispatch(e.shiftKey ? { type: 'ungroup' } : { type: 'group', name: strings.groupName })
    } else if (mod && key === 'a') {
      e.preventDefault()
      dispatch({
        type: 'select',
        ids: pageState.document.layers.filter((l) => !l.locked && !l.hidden).map((l) => l.id),
      })
    } else if ((e.key === 'Delete' || e.key === 'Backspace') && state.selection.length > 0) {
      e.preventDefault()
      dispatch({ type: 'delete' })
      // The focused layer goes with it: keep the focus in the designer, so the next shortcut still works.
      viewportRef.current?.focus()
    }
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the shortcuts of every control inside
    <div
      ref={rootRef}
      data-slot="designer"
      data-layout={narrow ? 'stacked' : 'columns'}
      onKeyDown={onKeyDown}
      style={{
        display: 'grid',
        ...layout(panels, narrow),
        gap: 16,
        alignItems: 'start',
        color: 'var(--ui-foreground, #09090b)',
      }}
    >
      {panels.layers ? (
        <div style={{ gridArea: 'layers', minWidth: 0, ...PAINTED_APART }}>
          <LayersPanel state={pageState} dispatch={dispatch} strings={strings} readOnly={readOnly} />
        </div>
      ) : null}
      {/* The tools span the designer's width above the panels, so they keep to one row beside narrow panels. */}
      <div style={{ gridArea: 'tools', display: 'grid', gap: 8, minWidth: 0 }}>
        {readOnly ? <p role="status">{strings.readOnly}</p> : null}
        <Toolbar
          state={state}
          dispatch={dispatch}
          strings={strings}
          locale={locale}
          readOnly={readOnly}
          zoom={zoom}
          onZoomStep={(dir) => setZoom(stepZoom(zoom, dir))}
          onZoomFit={fit}
          onZoomActual={() => setZoom(1)}
          onAdd={add}
          fixedImage={uploadImage !== undefined}
          panels={panels}
          onTogglePanel={togglePanel}
          onManageSizes={() => setSizesOpen(true)}
          view={view}
          onViewChange={changeView}
          onAddGuide={addGuide}
          onClearGuides={
            guides.x.length + guides.y.length > 0
              ? () => dispatch({ type: 'guides', guides: { x: [], y: [] } })
              : undefined
          }
        />
        <SizesDialog
          open={sizesOpen}
          onOpenChange={setSizesOpen}
          document={state.document}
          dispatch={dispatch}
          strings={strings}
          locale={locale}
        />
      </div>
      <div style={{ gridArea: 'canvas', display: 'grid', gap: 8, minWidth: 0, ...PAINTED_APART }}>
        <input
          ref={fileRef}
          type="file"
          hidden
          accept={FIXED_IMAGE_TYPES.join(',')}
          data-slot="fixed-image-file"
          onChange={(e) => {
            const file = e.target.files?.[0]
            e.target.value = ''
            if (file) void placeFixedImage(file)
          }}
        />
        {upload.busy ? <p role="status">{strings.fixedImageUploading}</p> : null}
        {upload.error ? (
          <p role="alert" data-slot="fixed-image-error" style={{ color: 'var(--ui-destructive, #b91c1c)' }}>
            {upload.error}
          </p>
        ) : null}
        <Viewport
          zoom={zoom}
          onZoom={setZoom}
          viewportRef={viewportRef}
          label={`${strings.canvas} (${strings.zoom})`}
          rulers={
            view.rulers
              ? {
                  top: (
                    <Ruler
                      side="top"
                      zoom={zoom}
                      unit={unit}
                      page={size.width}
                      drag={readOnly ? undefined : guideDrag.handlers('y')}
                      title={readOnly ? undefined : strings.rulerHint}
                    />
                  ),
                  left: (
                    <Ruler
                      side="left"
                      zoom={zoom}
                      unit={unit}
                      page={size.height}
                      drag={readOnly ? undefined : guideDrag.handlers('x')}
                      title={readOnly ? undefined : strings.rulerHint}
                    />
                  ),
                }
              : undefined
          }
        >
          <LiveCanvas
            store={store}
            dispatch={dispatch}
            locale={locale}
            zoom={zoom}
            readOnly={readOnly}
            images={fixed.images}
            repaint={fontsEpoch}
            label={strings.canvas}
            editTextLabel={strings.editText}
            cropLabel={strings.cropPhoto}
            snapLines={[guides, view.grid ? gridLines(size, view.gridSpacing) : {}]}
            underlay={view.grid ? <GridOverlay spacing={view.gridSpacing} zoom={zoom} /> : null}
            overlay={
              <>
                <GuideLines
                  size={size}
                  zoom={zoom}
                  unit={unit}
                  drag={guideDrag}
                  readOnly={readOnly}
                  onChange={(axis, list, coalesce) =>
                    dispatch({ type: 'guides', guides: { [axis]: list }, coalesce })
                  }
                  onRemoved={() => viewportRef.current?.focus()}
                  labels={{
                    horizontal: strings.horizontalGuide,
                    vertical: strings.verticalGuide,
                    keys: strings.guideKeys,
                  }}
                />
                {annotations ? (
                  <div
                    data-slot="designer-annotations"
                    style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}
                    // A press on a mark is the mark's, not the start of a selection or a drag on the canvas.
                    onPointerDown={(e) => e.stopPropagation()}
                  >
                    {/* Boxless: the box passes presses through, the marks (which inherit this) take theirs. */}
                    <div style={{ display: 'contents', pointerEvents: 'auto' }}>
                      {annotations({ page: pageIndex(state.document, state.pageId), sizeId: size.id })}
                    </div>
                  </div>
                ) : null}
              </>
            }
            layerLabel={(id) => {
              const l = state.document.layers.find((x) => x.id === id)
              return l ? layerName(l) : id
            }}
          />
        </Viewport>
        <PageStrip
          state={state}
          dispatch={dispatch}
          strings={strings}
          locale={locale}
          readOnly={readOnly}
          images={fixed.images}
          repaint={fontsEpoch}
        />
        {previews ? (
          <PreviewPanel
            // Drawn afresh when fonts come in, as the canvas is: each preview paints once it is laid out.
            key={fontsEpoch}
            document={pageState.document}
            sizeId={state.sizeId}
            strings={strings}
            images={fixed.images}
            paused={state.underway === true}
          />
        ) : null}
      </div>
      {panels.properties ? (
        <div style={{ gridArea: 'properties', minWidth: 0, ...PAINTED_APART }}>
          <LiveProperties
            store={store}
            dispatch={dispatch}
            strings={strings}
            locale={locale}
            fonts={fonts}
            palette={palette}
            readOnly={readOnly}
            uploadImage={uploadImage ? uploadOption : undefined}
            images={fixed.images}
          />
        </div>
      ) : null}
    </div>
  )
}

/**
 * The store's state for all but the canvas and the properties panel: during a gesture, the state its `begin`
 * left, while its steps change only the document (the boxes moved, resized or turned). The toolbar, the layers
 * panel, the page strip and the previews show nothing of a gesture's steps (the previews and thumbnails wait for
 * its end), so a pointer move renders none of them; the canvas and the properties panel follow every step.
 */
function useSettledState(store: DesignerStore): DesignerState {
  const settled = useMemo(() => {
    let kept: DesignerState | undefined
    return () => {
      const now = store.getState()
      const stays =
        kept?.underway &&
        now.underway &&
        now.selection === kept.selection &&
        now.sizeId === kept.sizeId &&
        now.pageId === kept.pageId
      if (!stays) kept = now
      return kept ?? now
    }
  }, [store])
  return useSyncExternalStore(store.subscribe, settled, settled)
}

/** The page shown of a state (ADR 0198): what the canvas, the layers panel and the previews show. */
const withPageShown = (state: DesignerState): DesignerState => ({
  ...state,
  document: onPage(state.document, pageIndex(state.document, state.pageId)),
})

/** The canvas, following every change of the store (each step of a gesture), its page shown. */
function LiveCanvas({ store, ...props }: Omit<DesignerCanvasProps, 'state'> & { store: DesignerStore }) {
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState)
  const page = useMemo(() => withPageShown(state), [state])
  return <DesignerCanvas {...props} state={page} />
}

/**
 * How often the properties panel follows a gesture's steps. Rendering its fields took more of a drag's frame than
 * the canvas (some 15 ms a pointer move with 100 layers); a number that changes four times a second is still read.
 */
const PROPERTIES_FOLLOW_MS = 250

/**
 * The properties panel, following the store: any change at once, a gesture's steps at most every
 * `PROPERTIES_FOLLOW_MS` (and then at React's lower priority), its end at once.
 */
function LiveProperties({ store, ...props }: Omit<PropertiesPanelProps, 'state'> & { store: DesignerStore }) {
  const subscribe = useMemo(
    () => (notify: () => void) => {
      let timer: ReturnType<typeof setTimeout> | undefined
      const stop = store.subscribe((change) => {
        if (change.phase === 'gesture') {
          timer ??= setTimeout(() => {
            timer = undefined
            notify()
          }, PROPERTIES_FOLLOW_MS)
          return
        }
        clearTimeout(timer)
        timer = undefined
        notify()
      })
      return () => {
        clearTimeout(timer)
        stop()
      }
    },
    [store],
  )
  const state = useSyncExternalStore(subscribe, store.getState, store.getState)
  return <DeferredPropertiesPanel {...props} state={state} />
}

/**
 * A column painted apart from the rest of the page (a layer of its own in the browser's paint): a drag that
 * changes the canvas leaves the layers panel's 100 rows and the properties as the last frame painted them,
 * instead of the whole page's being painted again each frame. Nothing in the columns overlaps another.
 */
const PAINTED_APART = { position: 'relative', isolation: 'isolate' } as const

/** Below this width of its own, the designer stacks the properties and the layers under the canvas. */
const NARROW_PX = 720

/**
 * The designer's grid: the tools across the top, then the layers, the canvas and the properties side by side;
 * or, narrow, each under the other with the canvas first (a phone reads the design before its panels).
 */
function layout(panels: DesignerPanels, narrow: boolean) {
  if (narrow)
    return {
      gridTemplateColumns: 'minmax(0, 1fr)',
      gridTemplateAreas: ['tools', 'canvas', panels.properties && 'properties', panels.layers && 'layers']
        .filter(Boolean)
        .map((area) => `"${area}"`)
        .join(' '),
    }
  const columns = [
    panels.layers && { area: 'layers', width: 'minmax(240px, 280px)' },
    { area: 'canvas', width: 'minmax(0, 1fr)' },
    panels.properties && { area: 'properties', width: 'minmax(240px, 280px)' },
  ].filter((c): c is { area: string; width: string } => Boolean(c))
  return {
    gridTemplateColumns: columns.map((c) => c.width).join(' '),
    gridTemplateAreas: `"${columns.map(() => 'tools').join(' ')}" "${columns.map((c) => c.area).join(' ')}"`,
  }
}
