export {
  type BrandFontFile,
  FONT_FORMATS,
  FontFileError,
  type FontFileErrorCode,
  type FontFileFacts,
  type FontFormat,
  inspectFont,
  registerBrandFonts,
} from './brand-fonts'
export { coverageOf, coverageRanges, drawableText, uncoveredCharacters } from './coverage'
export { DecodedImages, IMAGE_MAX_SIDE } from './draw/images'
export {
  checkFontLimits,
  FONT_LIMITS,
  FontLimitError,
  type FontLimitErrorCode,
  type FontMeasures,
} from './font-limits'
export { FAMILIES, type FontFace, facesOf, loadFaces, registeredFamilies, registerFonts } from './fonts'
export {
  drawPdf,
  MAX_PDF_PAGES,
  type PdfOptions,
  type PdfPageContext,
  type ReceiptParty,
  type ReceiptSheet,
  renderPdf,
  renderReceipt,
} from './pdf'
export {
  type ImageSource,
  outputPixels,
  QUALITY,
  RASTER_FORMATS,
  type RasterFormat,
  RenderError,
  type RenderErrorCode,
  type Rendered,
  type RenderedEveryFormat,
  type RenderOptions,
  render,
  renderPreview,
  THUMBNAIL_SIDE,
} from './render'
export { type SanitizedFont, sanitizeFont } from './sanitize-font'
export { validateValues } from './values'
