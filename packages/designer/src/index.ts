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
  uniqueLayerId,
} from './state/designer-state'
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
} from './state/geometry'
export { type Guide, type SnapTargets, snapBox, snapResize, snapTargets } from './state/snap'
