export { DesignerCanvas, type DesignerCanvasProps } from './canvas/designer-canvas'
export { paintDocument } from './canvas/paint-document'
export { clampZoom, fitZoom, MAX_ZOOM, MIN_ZOOM, stepZoom } from './canvas/viewport'
export { Designer, type DesignerOptions, type DesignerProps, type DesignerSource } from './designer'
export { FIXED_IMAGE_MAX_BYTES, FIXED_IMAGE_TYPES, fixedImageProblem, fixedImageRefs } from './fixed-images'

import { designerKinds } from './kinds'

export type { PropertyControl } from './kinds/controls'
export type {
  AddEntry,
  DesignerFont,
  DesignerLayerKind,
  NewLayerWords,
  PropertyContext,
  WordKey,
} from './kinds/kind'
export { createDesignerRegistry, type DesignerRegistry } from './kinds/registry'
export { DEFAULT_FONTS } from './panels/properties-panel'
export { PREVIEW_STATES, type PreviewState, previewValues } from './preview/preview-values'
export { boxIn, unionBox, withBox } from './state/boxes'
export {
  type DesignerAction,
  type DesignerState,
  designerReducer,
  HISTORY_LIMIT,
  initialState,
} from './state/designer-state'
export {
  createDesignerStore,
  type DesignerChange,
  type DesignerListener,
  type DesignerPhase,
  type DesignerStore,
  onDocumentChange,
} from './state/designer-store'
export {
  addChoiceOption,
  dropFieldIfUnused,
  fieldInUse,
  markChoiceField,
  markColorField,
  markTextField,
  removeChoiceOption,
  setChoiceColor,
  setChoiceValue,
  setSample,
  textFieldOf,
  unmarkChoiceField,
  unmarkColorField,
  unmarkTextField,
  updateField,
} from './state/fields'
export {
  type AlignEdge,
  alignBox,
  anchored,
  boxFromCorners,
  distributeBoxes,
  HANDLES,
  type Handle,
  handleAt,
  intersects,
  normalizeAngle,
  pointOf,
  resizeBox,
  rotatePoint,
  rotationTowards,
  scaleBoxes,
} from './state/geometry'
export { fixedImageLayer, uniqueFieldKey } from './state/new-layers'
export { designerKinds }

/** A new layer of an Add menu item (`text`, `rect`…), with the field it brings; see `designerKinds`. */
export const newLayer = designerKinds.newLayer
export { type RulerUnit, rulerTicks, rulerUnit, type Tick } from './canvas/ruler-ticks'
export { type Clip, copyLayers, isClip, pasteLayers } from './state/clipboard'
export {
  enteredGroup,
  expandToGroups,
  groupLayers,
  type LayerGroup,
  membersOf,
  type ReorderTo,
  reorderLayers,
  selectedGroups,
  tidyGroups,
  ungroupLayers,
} from './state/groups'
export { type GuideAxis, guidesOf, withGuides } from './state/guides'
export { scaleLayerStyle, styleScale } from './state/scale-layers'
export { addSize, removeSize, resizeSize } from './state/sizes'
export {
  type Guide,
  gridLines,
  type SnapLines,
  type SnapTargets,
  snapBox,
  snapResize,
  snapTargets,
  withLines,
} from './state/snap'
export { markTextChoice, textChoiceOf, unmarkTextChoice } from './state/text-choices'
export { uniqueLayerId, uniqueLayerName } from './state/uniques'
export {
  DESIGNER_STRINGS_EN,
  DESIGNER_STRINGS_ZH_CN,
  type DesignerStrings,
  type DesignerWords,
} from './strings'
export type { DesignerPanels } from './toolbar'
export { DEFAULT_VIEW, type DesignerViewOptions, GRID_SPACINGS } from './view-options'
