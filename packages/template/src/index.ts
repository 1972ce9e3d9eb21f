export type { Canvas2D, CanvasGradientLike, Drawable, TextMetricsLike } from './canvas'
export {
  DOCUMENT_LIMITS,
  type DocumentCost,
  type DocumentLimits,
  documentCost,
  documentOverLimits,
} from './cost'
export {
  CodePointRanges,
  type CoverageOf,
  codePointRanges,
  type FaceCoverage,
  uncoveredCharacters,
} from './coverage'
export {
  MAX_GUIDES,
  MAX_PAGES,
  SIZE_PIXEL_BOUNDS,
  type Size,
  type SizeGuides,
  sizeGuidesSchema,
  sizeSchema,
  type Template,
  type TemplateInput,
  type TemplatePage,
  type TemplateType,
  templatePageSchema,
  templateSchema,
  templateTypeSchema,
} from './document'
export { type Field, type FieldKind, type FieldView, fieldKinds, fieldSchema } from './fields'
export type { ChoiceField, ChoiceFieldView } from './fields/choice'
export type { ColorField, ColorFieldView } from './fields/color'
export {
  type ColumnedField,
  type ColumnNameProblem,
  columnNameProblem,
  columnNames,
  foldedName,
  LANGUAGE_SUFFIX,
  languageColumn,
  optionNamed,
  RESERVED_COLUMNS,
  suggestedColumnName,
  valuesByKey,
  withColumnNames,
} from './fields/columns'
export type { ImageField, ImageFieldView } from './fields/image'
export type {
  AnyFieldPlugin,
  FieldOf,
  FieldPlugin,
  FieldProblem,
  FieldViewBase,
  FieldViewOf,
  PlainField,
  ValueRulesOf,
} from './fields/kind'
export { createFieldRegistry, type FieldRegistry } from './fields/registry'
export { checkField, effectiveValue, type FieldRules, textLength, type ValueIssue } from './fields/rules'
export type { TextField, TextFieldView } from './fields/text'
export {
  BRAND_KEY,
  type BrandFamily,
  type BuiltInFamily,
  brandFace,
  cssFont,
  DESIGN_FACE,
  type Figures,
  type FontFamily,
  type FontRequest,
  familyFaces,
  figuresFace,
  figuresFeatures,
  figuresVariant,
  fontFamilies,
  fontWeights,
  isBrandFace,
  isBrandFamily,
  isFontFamily,
  isLibraryFamily,
  type LibraryFamily,
  libraryEntry,
  libraryFace,
  libraryOfFace,
  OLD_STYLE_FIGURES,
  runFaces,
  type WritingSystem,
  writingSystems,
} from './fonts'
export { drawLayer, type Layer, type LayerType, layerBindings, layerKinds, layerSchema } from './layers'
export { layerBase } from './layers/base'
export { type DrawContext, type Frame, isVisible, layerBox } from './layers/context'
export {
  adjustFilter,
  type Fit,
  type FocalPoint,
  fitScale,
  formatImageValue,
  IMAGE_ZOOM_MAX,
  type ImageAdjust,
  type ImageLayer,
  type ImageValue,
  imageAdjustSchema,
  imageKey,
  imageSrc,
  isFocalPoint,
  parseImageValue,
  srcRefs,
} from './layers/image'
export type {
  AnyLayerPlugin,
  Binding,
  DrawnImage,
  FieldsByKey,
  LayerOf,
  LayerPlugin,
  LayerProblem,
  PlacedLayer,
  Typeset,
} from './layers/kind'
export { type QrLayer, qrText } from './layers/qr'
export { createLayerRegistry, type LayerRegistry } from './layers/registry'
export type { ShapeLayer } from './layers/shape'
export {
  breakPieces,
  type ColoredText,
  type ColorSpan,
  contentFaces,
  type DecorationLine,
  decorationLine,
  escapeColorMarkers,
  type FormsSpan,
  fieldReferences,
  formsOfTag,
  type HanForms,
  hanForms,
  hasStraightPunctuation,
  hyphenationLoaded,
  hyphenationPatterns,
  hyphenationPoints,
  isEmojiCluster,
  joinPieces,
  type LangSpan,
  layerPieces,
  layerText,
  layerTexts,
  layoutText,
  loadHyphenation,
  type PunctuationPiece,
  parseColorRuns,
  parseMarkup,
  prepareText,
  quotesOf,
  recolor,
  type ScriptRun,
  scriptName,
  scriptRuns,
  smartPieces,
  smartPunctuation,
  type TextContent,
  type TextLayer,
  type TextLayout,
  type TextLine,
  type TextPiece,
  type TextStyle,
  textDirection,
  textStyle,
  toggleEmphasis,
  writeColorRuns,
} from './layers/text'
export { layerPage, onPage, pageCount, pageLayers, templatePages } from './pages'
export { resolveBound, resolveColor, resolvePaint } from './paint'
export { parseTemplate, TemplateError, type TemplateIssue } from './parse'
export {
  type Bound,
  type Box,
  bound,
  boxSchema,
  type Color,
  colorSchema,
  fieldKey,
  type Gradient,
  type Locale,
  type LocalizedText,
  locales,
  localizedTextSchema,
  type Paint,
  paintSchema,
  type Values,
  valuesSchema,
} from './primitives'
export {
  aspectMismatch,
  BLEED_MM,
  formatPrintSize,
  MM_PER_INCH,
  PAPER_SIZES,
  POINTS_PER_INCH,
  PRINT_DPI,
  type PrintSize,
  type PrintUnit,
  printInches,
  printPixels,
  printPoints,
  printSizeSchema,
  printUnits,
  SCREEN_PX_PER_INCH,
} from './print'
export { graphemesOf, type Segment, wordsOf } from './segments'
export {
  blankTemplate,
  customSize,
  pixelSide,
  SIZE_PRESETS,
  type SizePreset,
} from './size-presets'
export { defaultSize, sizeOf, sizeOrDefault, UnknownSizeError } from './sizes'
export {
  DOCUMENT_FORMAT,
  documentFormat,
  type SavedDocument,
  type UpgradeStep,
  upgradeDocument,
} from './upgrade'
export {
  choiceLabels,
  drawnTextFields,
  effectiveValues,
  fieldsShownBy,
  hyphenationLanguages,
  typesets,
  typesetsShowing,
  type ValueRules,
  validateLanguages,
  validateValues,
} from './values'
