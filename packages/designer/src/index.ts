export { DesignerCanvas, type DesignerCanvasProps } from './canvas/designer-canvas'
export { paintDocument } from './canvas/paint-document'
export { DESIGNER_STRINGS_EN, Designer, type DesignerProps, type DesignerStrings } from './designer'
export { boxIn, sizeOf, unionBox, withBox } from './state/boxes'
export {
  type DesignerAction,
  type DesignerState,
  designerReducer,
  HISTORY_LIMIT,
  initialState,
} from './state/designer-state'
export { type Guide, type SnapTargets, snapBox, snapTargets } from './state/snap'
