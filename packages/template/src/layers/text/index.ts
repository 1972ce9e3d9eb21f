export { type LevelRun, type ParagraphBidi, paragraphBidi, textDirection, visualRuns } from './bidi'
export {
  boldWeight,
  type ColorSpan,
  contentFaces,
  drawnFaces,
  type LangSpan,
  prepareText,
  type TextContent,
  type TextStyle,
} from './content'
export { type DecorationLine, decorationLine } from './decoration'
export {
  drawText,
  hyphenationLanguage,
  joinPieces,
  layerPieces,
  layerText,
  type TextDrawn,
  type TextPiece,
  textBindings,
  textStyle,
} from './draw'
export { hyphenationLoaded, hyphenationPatterns, hyphenationPoints, loadHyphenation } from './hyphenation'
export { textLayer } from './kind'
export { breakPieces, layoutText, type TextLayout, type TextLine } from './layout'
export {
  BOLD,
  type ColoredText,
  escapeColorMarkers,
  ITALIC,
  type Marked,
  parseColorRuns,
  parseMarkup,
  recolor,
  toggleEmphasis,
  writeColorRuns,
} from './markup'
export {
  hasStraightPunctuation,
  type PunctuationPiece,
  quotesOf,
  smartPieces,
  smartPunctuation,
} from './punctuation'
export { fieldReferences, layerTexts, type TextLayer, textLayerSchema } from './schema'
export {
  type FormsSpan,
  formsOfTag,
  type HanForms,
  hanForms,
  isEmojiCluster,
  type ScriptRun,
  scriptName,
  scriptRuns,
} from './scripts'
