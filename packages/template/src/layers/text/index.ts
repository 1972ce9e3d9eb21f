export { drawText, layerText, textBindings, textStyle } from './draw'
export { applyFont, breakPieces, layoutText, type TextLayout, type TextStyle, textDirection } from './layout'
export { fieldReferences, layerTexts, type TextLayer, textLayerSchema } from './schema'
