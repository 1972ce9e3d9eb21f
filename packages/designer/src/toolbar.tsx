import type { Locale } from '@templet/template'
import { Button } from '@templet/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
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
  Copy,
  Maximize,
  PanelLeft,
  PanelRight,
  Plus,
  Redo2,
  Scaling,
  Trash2,
  Undo2,
  ZoomIn,
  ZoomOut,
} from 'lucide-react'
import { type Dispatch, type ReactNode, useRef } from 'react'
import { designerKinds } from './kinds'
import type { DesignerAction, DesignerState } from './state/designer-state'
import type { AlignEdge } from './state/geometry'
import type { DesignerWords } from './strings'

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

function Tool({
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
}: ToolbarProps) {
  const n = state.selection.length
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
      {separator}
      <Tool label={strings.alignLeft} disabled={readOnly || n === 0} onClick={align('left')}>
        <AlignStartVertical />
      </Tool>
      <Tool label={strings.alignCenter} disabled={readOnly || n === 0} onClick={align('center')}>
        <AlignCenterVertical />
      </Tool>
      <Tool label={strings.alignRight} disabled={readOnly || n === 0} onClick={align('right')}>
        <AlignEndVertical />
      </Tool>
      <Tool label={strings.alignTop} disabled={readOnly || n === 0} onClick={align('top')}>
        <AlignStartHorizontal />
      </Tool>
      <Tool label={strings.alignMiddle} disabled={readOnly || n === 0} onClick={align('middle')}>
        <AlignCenterHorizontal />
      </Tool>
      <Tool label={strings.alignBottom} disabled={readOnly || n === 0} onClick={align('bottom')}>
        <AlignEndHorizontal />
      </Tool>
      <Tool
        label={strings.distributeHorizontally}
        disabled={readOnly || n < 3}
        onClick={() => dispatch({ type: 'distribute', axis: 'x' })}
      >
        <AlignHorizontalDistributeCenter />
      </Tool>
      <Tool
        label={strings.distributeVertically}
        disabled={readOnly || n < 3}
        onClick={() => dispatch({ type: 'distribute', axis: 'y' })}
      >
        <AlignVerticalDistributeCenter />
      </Tool>
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
