export { loadCatalogue, SAMPLE_PREFIX, sampleImages } from './catalogue'
export { DecodedImages } from './draw/images'
export { layoutText, type TextLayout, textDirection } from './draw/text-layout'
export { FONT_STACKS, type FontFamily } from './fonts'
export {
  type FocalPoint,
  formatImageValue,
  type ImageValue,
  isFocalPoint,
  parseImageValue,
} from './model/image-value'
export { parseTemplate, TemplateError, type TemplateIssue } from './model/parse'
export {
  type Box,
  type Color,
  type Field,
  type Gradient,
  type Layer,
  type Locale,
  type LocalizedText,
  locales,
  type Paint,
  type Template,
  type TemplateInput,
  type TemplateType,
  templateSchema,
  templateTypeSchema,
  type Values,
} from './model/schema'
export { type ValueIssue, validateValues } from './model/values'
export {
  type ImageSource,
  QUALITY,
  RenderError,
  type Rendered,
  type RenderOptions,
  render,
  renderPreview,
  THUMBNAIL_SIDE,
} from './render'
