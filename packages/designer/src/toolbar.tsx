import type { Locale } from '@templet/template'
import { Button } from '@templet/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@templet/ui/dropdown-menu'
import {
  AlignCenterHorizontal,
  AlignCenterVertical,
  AlignEndHorizontal,
  AlignEndVertical,
  AlignHorizontalDistributeCenter,
  AlignStartHorizontal,
  AlignStartVertical,
  AlignVerticalDistributeCenter,
  Check as CheckIcon,
  Copy,
  Eye,
  Grid3x3,
  Group,
  Maximize,
  PanelLeft,
  PanelRight,
  Plus,
  Redo2,
  Ruler,
  Scaling,
  SeparatorHorizontal,
  SeparatorVertical,
  Trash2,
  Undo2,
  Ungroup,
  ZoomIn,
  ZoomOut,
} from 'lucide-react'
import { type Dispatch, type ReactNode, useId, useRef } from 'react'
import { designerKinds } from './kinds'
import type { DesignerAction, DesignerState } from './state/designer-state'
import type { AlignEdge } from './state/geometry'
import { expandToGroups } from './state/groups'
import type { DesignerWords } from './strings'
import { type DesignerViewOptions, GRID_SPACING_RANGE, GRID_SPACINGS, gridSpacing } from './view-options'

export interface ToolbarProps {
  state: DesignerState
  dispatch: Dispatch<DesignerAction>
  strings: DesignerWords
  locale: Locale
  readOnly?: boolean
  zoom: number
  onZoomStep: (dir: 1 | -1) => void
  onZoomFit: () => void
  onZoomActual: () => void
  /** An Add menu item chosen, by its id (`text`, `rect`, `fixedImage`). */
  onAdd: (id: string) => void
  /** Offers the items placing an upload (a fixed image, a logo the designer uploads) in the Add menu. */
  fixedImage?: boolean
  /** Which side panels are shown; their switches sit at the toolbar's two ends. */
  panels: DesignerPanels
  onTogglePanel: (panel: keyof DesignerPanels) => void
  /** Opens the sizes dialog (add, resize, remove sizes). */
  onManageSizes: () => void
  /** Rulers and the layout grid, shown or not, and the grid's spacing. */
  view: DesignerViewOptions
  onViewChange: (change: Partial<DesignerViewOptions>) => void
  /** Adds a guide across the middle of the size shown (`y`: a horizontal one), which takes the focus. */
  onAddGuide: (axis: 'x' | 'y') => void
  /** Removes the guides of the size shown; offered while it has some. */
  onClearGuides?: () => void
}

/** The designer's side panels, shown (true) or folded away to give the canvas their room. */
export interface DesignerPanels {
  layers: boolean
  properties: boolean
}

/** A switch for a side panel: pressed while the panel shows. */
function PanelSwitch({
  label,
  shown,
  onClick,
  children,
}: {
  label: string
  shown: boolean
  onClick: () => void
  children: ReactNode
}) {
  return (
    <Button
      variant={shown ? 'secondary' : 'ghost'}
      size="icon-sm"
      aria-label={label}
      aria-pressed={shown}
      title={label}
      data-slot="panel-switch"
      onClick={onClick}
    >
      {children}
    </Button>
  )
}

/**
 * A menu item that is a switch (a `menuitemcheckbox`): its icon while off, a tick while on. The menu stays
 * open, so both of the view's switches can be set in one visit.
 */
function Check({
  label,
  checked,
  icon,
  onSelect,
}: {
  label: string
  checked: boolean
  icon: ReactNode
  onSelect: () => void
}) {
  return (
    <DropdownMenuItem
      role="menuitemcheckbox"
      aria-checked={checked}
      icon={checked ? <CheckIcon /> : icon}
      onSelect={(e) => {
        e.preventDefault()
        onSelect()
      }}
    >
      {label}
    </DropdownMenuItem>
  )
}

/** A toolbar's icon button: its label is its name and its tooltip. */
export function Tool({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string
  onClick: () => void
  disabled?: boolean
  children: ReactNode
}) {
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </Button>
  )
}

/** The align menu's six edges: to each other for a multi-selection, to the canvas for one layer. */
const alignments = [
  ['left', 'alignLeft', AlignStartVertical],
  ['center', 'alignCenter', AlignCenterVertical],
  ['right', 'alignRight', AlignEndVertical],
  ['top', 'alignTop', AlignStartHorizontal],
  ['middle', 'alignMiddle', AlignCenterHorizontal],
  ['bottom', 'alignBottom', AlignEndHorizontal],
] as const satisfies readonly (readonly [AlignEdge, keyof DesignerWords, unknown])[]

/** Equal gaps between three or more layers, along each axis. */
const distributions = [
  ['x', 'distributeHorizontally', AlignHorizontalDistributeCenter],
  ['y', 'distributeVertically', AlignVerticalDistributeCenter],
] as const

const separator = (
  <span
    aria-hidden="true"
    style={{ width: 1, alignSelf: 'stretch', background: 'var(--ui-border, #e4e4e7)' }}
  />
)

/**
 * The design tools: the side panels' switches, undo and redo, add a layer, duplicate and delete, align and
 * distribute (for a multi-selection; one layer aligns to the canvas), zoom, the size shown and the sizes dialog.
 */
export function Toolbar({
  state,
  dispatch,
  strings,
  locale,
  readOnly,
  zoom,
  onZoomStep,
  onZoomFit,
  onZoomActual,
  onAdd,
  fixedImage,
  panels,
  onTogglePanel,
  onManageSizes,
  view,
  onViewChange,
  onAddGuide,
  onClearGuides,
}: ToolbarProps) {
  const n = state.selection.length
  const grouped = new Set(
    state.document.layers.filter((l) => state.selection.includes(l.id)).map((l) => l.group),
  )
  const canUngroup = [...grouped].some((g) => g !== undefined)
  // Two or more layers, not already one group as a whole.
  const canGroup =
    expandToGroups(state.document, state.selection).length >= 2 && !(grouped.size === 1 && canUngroup)
  const align = (edge: AlignEdge) => () => dispatch({ type: 'align', edge })
  /** An Add item was chosen: the menu, closing, leaves the focus to the new layer. */
  const chosen = useRef(false)
  return (
    <div
      role="toolbar"
      aria-label={strings.toolbar}
      data-slot="designer-toolbar"
      style={{ display: 'flex', gap: 4, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <PanelSwitch label={strings.layersPanel} shown={panels.layers} onClick={() => onTogglePanel('layers')}>
        <PanelLeft />
      </PanelSwitch>
      {separator}
      <Tool
        label={strings.undo}
        disabled={readOnly || state.past.length === 0}
        onClick={() => dispatch({ type: 'undo' })}
      >
        <Undo2 />
      </Tool>
      <Tool
        label={strings.redo}
        disabled={readOnly || state.future.length === 0}
        onClick={() => dispatch({ type: 'redo' })}
      >
        <Redo2 />
      </Tool>
      {separator}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild disabled={readOnly}>
          <Button variant="outline" size="sm">
            <Plus aria-hidden="true" />
            {strings.add}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent
          align="start"
          onCloseAutoFocus={(e) => {
            // The layer an item added takes the focus (the designer gives it), not this menu's button.
            if (!chosen.current) return
            chosen.current = false
            e.preventDefault()
          }}
        >
          {designerKinds.addMenu(Boolean(fixedImage)).map((entry) => (
            <DropdownMenuItem
              key={entry.id}
              icon={entry.icon}
              onSelect={() => {
                chosen.current = true
                onAdd(entry.id)
              }}
            >
              {strings[entry.label]}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <Tool
        label={strings.duplicate}
        disabled={readOnly || n === 0}
        onClick={() => dispatch({ type: 'duplicate' })}
      >
        <Copy />
      </Tool>
      <Tool
        label={strings.delete}
        disabled={readOnly || n === 0}
        onClick={() => dispatch({ type: 'delete' })}
      >
        <Trash2 />
      </Tool>
      {/* Shown while they apply, as a selection's own actions: grouping two or more, ungrouping a group. */}
      {!readOnly && canGroup ? (
        <Tool label={strings.group} onClick={() => dispatch({ type: 'group', name: strings.groupName })}>
          <Group />
        </Tool>
      ) : null}
      {!readOnly && canUngroup ? (
        <Tool label={strings.ungroup} onClick={() => dispatch({ type: 'ungroup' })}>
          <Ungroup />
        </Tool>
      ) : null}
      {separator}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild disabled={readOnly || n === 0}>
          <Button variant="ghost" size="sm" data-slot="align-menu">
            <AlignStartVertical aria-hidden="true" />
            {strings.align}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          {alignments.map(([edge, label, Icon]) => (
            <DropdownMenuItem key={edge} icon={<Icon />} onSelect={align(edge)}>
              {strings[label]}
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          {distributions.map(([axis, label, Icon]) => (
            <DropdownMenuItem
              key={axis}
              icon={<Icon />}
              disabled={n < 3}
              onSelect={() => dispatch({ type: 'distribute', axis })}
            >
              {strings[label]}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      {separator}
      <Tool label={strings.zoomOut} onClick={() => onZoomStep(-1)}>
        <ZoomOut />
      </Tool>
      <Button
        variant="ghost"
        size="sm"
        data-slot="zoom-level"
        aria-label={`${Math.round(zoom * 100)} %: ${strings.zoomActual}`}
        title={strings.zoomActual}
        onClick={onZoomActual}
      >
        {`${Math.round(zoom * 100)} %`}
      </Button>
      <Tool label={strings.zoomIn} onClick={() => onZoomStep(1)}>
        <ZoomIn />
      </Tool>
      <Tool label={strings.zoomFit} onClick={onZoomFit}>
        <Maximize />
      </Tool>
      {separator}
      <label style={{ display: 'flex', gap: 4, alignItems: 'center', fontSize: 13 }}>
        {strings.size}
        <select
          value={state.sizeId}
          onChange={(e) => dispatch({ type: 'showSize', sizeId: e.target.value })}
          style={{
            height: 30,
            borderRadius: 6,
            border: '1px solid var(--ui-input, #d4d4d8)',
            background: 'var(--ui-background, #ffffff)',
            color: 'var(--ui-foreground, #09090b)',
          }}
        >
          {state.document.sizes.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label[locale]} ({s.width}×{s.height})
            </option>
          ))}
        </select>
      </label>
      <Tool label={strings.sizes} disabled={readOnly} onClick={onManageSizes}>
        <Scaling />
      </Tool>
      {separator}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="sm" data-slot="view-menu">
            <Eye aria-hidden="true" />
            {strings.view}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent
          align="end"
          onCloseAutoFocus={(e) => {
            // The guide an item added takes the focus (the designer gives it), not this menu's button.
            if (!chosen.current) return
            chosen.current = false
            e.preventDefault()
          }}
        >
          <Check
            label={strings.showRulers}
            checked={view.rulers}
            icon={<Ruler />}
            onSelect={() => onViewChange({ rulers: !view.rulers })}
          />
          <Check
            label={strings.showGrid}
            checked={view.grid}
            icon={<Grid3x3 />}
            onSelect={() => onViewChange({ grid: !view.grid })}
          />
          <DropdownMenuSeparator />
          <DropdownMenuItem
            disabled={readOnly}
            icon={<SeparatorHorizontal />}
            onSelect={() => {
              chosen.current = true
              onAddGuide('y')
            }}
          >
            {strings.addHorizontalGuide}
          </DropdownMenuItem>
          <DropdownMenuItem
            disabled={readOnly}
            icon={<SeparatorVertical />}
            onSelect={() => {
              chosen.current = true
              onAddGuide('x')
            }}
          >
            {strings.addVerticalGuide}
          </DropdownMenuItem>
          <DropdownMenuItem disabled={readOnly || !onClearGuides} inset onSelect={() => onClearGuides?.()}>
            {strings.clearGuides}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {view.grid ? (
        <GridSpacing label={strings.gridSpacing} value={view.gridSpacing} onChange={onViewChange} />
      ) : null}
      {separator}
      <PanelSwitch
        label={strings.propertiesPanel}
        shown={panels.properties}
        onClick={() => onTogglePanel('properties')}
      >
        <PanelRight />
      </PanelSwitch>
    </div>
  )
}

/**
 * The layout grid's spacing in px: the usual ones offered, any other whole number typed; applied as typed
 * once it is one in range, so a half-typed "5" of "50" does not flash a dense grid for long.
 */
function GridSpacing({
  label,
  value,
  onChange,
}: {
  label: string
  value: number
  onChange: (change: Partial<DesignerViewOptions>) => void
}) {
  const list = useId()
  return (
    <label style={{ display: 'flex', gap: 4, alignItems: 'center', fontSize: 13 }}>
      {label}
      <input
        type="number"
        list={list}
        min={GRID_SPACING_RANGE.min}
        max={GRID_SPACING_RANGE.max}
        step={1}
        defaultValue={value}
        data-slot="grid-spacing"
        onChange={(e) => {
          const n = e.target.valueAsNumber
          if (Number.isInteger(n) && n >= GRID_SPACING_RANGE.min && n <= GRID_SPACING_RANGE.max)
            onChange({ gridSpacing: n })
        }}
        onBlur={(e) => {
          e.target.value = String(gridSpacing(e.target.valueAsNumber))
          onChange({ gridSpacing: gridSpacing(e.target.valueAsNumber) })
        }}
        style={{
          width: 64,
          height: 30,
          borderRadius: 6,
          padding: '0 6px',
          border: '1px solid var(--ui-input, #d4d4d8)',
          background: 'var(--ui-background, #ffffff)',
          color: 'var(--ui-foreground, #09090b)',
        }}
      />
      <datalist id={list}>
        {GRID_SPACINGS.map((n) => (
          <option key={n} value={n} />
        ))}
      </datalist>
    </label>
  )
}
