import type { z } from 'zod'
import { parseImageValue } from '../../layers/image/value'
import type { LocalizedText } from '../../primitives'
import type { FieldPlugin } from '../kind'
import { type ImageRules, imageRules } from './rules'
import { type ImageField, imageFieldSchema } from './schema'

/** An image field as the APIs show it. */
export interface ImageFieldView {
  key: string
  label: string
  labels: LocalizedText
  kind: 'image'
  required: boolean
}

/** A photo the customer uploads; its value names the upload (and the point kept in view). */
export const imageField: FieldPlugin<
  ImageField,
  z.input<typeof imageFieldSchema>,
  ImageRules,
  ImageFieldView
> = {
  kind: 'image',
  schema: imageFieldSchema,
  rules: imageRules,
  check: () => [],
  project: (f) => ({
    key: f.key,
    label: f.label.en,
    labels: f.label,
    kind: 'image',
    required: f.required ?? false,
  }),
  required: (view) => view.required,
  // A sample's picture is the catalogue's, not an upload of the customer's: a form starts without one.
  startValue: () => '',
  typed: false,
  upload: (value) => parseImageValue(value).ref,
}
