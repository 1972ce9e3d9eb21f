import type { Field, Layer, Locale, LocalizedText, Size, Template } from '@templet/template'
import type { ReactNode } from 'react'
import type { DesignerWords } from '../strings'
import type { PropertyControl } from './controls'

/** A key of the designer's words that names something (a menu item, a section, a layer). */
export type WordKey = {
  [K in keyof DesignerWords]: DesignerWords[K] extends string ? K : never
}[keyof DesignerWords]

/** The words a new layer starts with: a text's, a QR code's link, and an image field's label in both languages. */
export interface NewLayerWords {
  text: string
  link: string
  image: LocalizedText
}

/** A font the host offers: its family (one of the model's families) and the weights and styles it has. */
export interface DesignerFont {
  /** The model's family name (`sans`, `serif`, `grotesk`, or a brand kit's `brand-…`). */
  family: string
  /** What the font menu shows (the family by default). */
  label?: string
  weights: number[]
  styles: Array<'normal' | 'italic'>
  /** The library's category (`serif`, `handwriting`…), for the font browser's filter. */
  category?: string
  /** The writing systems the family draws (`latin`, `cyrillic`…), for the font browser's filter. */
  scripts?: string[]
  /** The CSS family its preview is drawn in, once `preview` has loaded it. */
  face?: string
  /** Loads the face its preview is drawn in (called when its option is first seen). */
  preview?(): Promise<unknown>
}

/** An image the author uploaded: its reference and its size in pixels. */
export interface Upload {
  ref: string
  width: number
  height: number
}

/**
 * One item of the toolbar's Add menu: what it is called, and the layer (and field) it adds, made at once
 * (`make`) or placed from a file the author uploads (`fromUpload`, offered when the host takes uploads).
 */
export interface AddEntry<L extends { type: string } = Layer> {
  /** The item's id, as `newLayer` takes it (`rect`). */
  id: string
  /** The menu item's words. */
  label: WordKey
  /** The new layer's name. */
  name: WordKey
  icon: ReactNode
  /** The new layer in `t`, in the size shown, with the field it brings (an image's). */
  make?(t: Template, size: Size, words: NewLayerWords): { layer: L; field?: Field }
  /** The layer showing the author's uploaded image in `t`, in the size `sizeId`. */
  fromUpload?(t: Template, sizeId: string, upload: Upload): L
}

/** What a kind's properties are drawn with: the document, the layer and the way to change it. */
export interface PropertyContext<L> {
  t: Template
  sizeId: string
  strings: DesignerWords
  locale: Locale
  fonts: DesignerFont[]
  /** Changes the layer; one undo step, or one per `coalesce` key while typing. */
  update(patch: Partial<L>, coalesce?: string): void
  disabled: boolean | undefined
}

/** A property other than a colour a customer may be given to choose among named options, with its values. */
export interface ChoiceProperty {
  property: string
  what: string
  values: Array<{ value: string | number; label: string }>
}

/** The words of a layer the customer may fill in as a text field (a text's `text`, a QR code's `data`). */
export interface LayerWords<L> {
  /** What the Fields section's checkbox calls them. */
  what: WordKey
  of(layer: L): string | LocalizedText
  /** The layer showing `words`; a kind that holds one text takes a localised one's English. */
  with(layer: L, words: string | LocalizedText): L
  /** The fewest characters a field made of these words allows (default 40): a link needs more than a name. */
  room?: number
}

/**
 * Everything the designer knows of one layer kind. A kind is this object in its own folder and one entry of
 * the registry (`kinds/index.ts`); the toolbar, new layers, scaling and the properties panel read a layer
 * through its kind. Methods are declared as methods, so a kind of one layer type is a kind of any layer.
 */
export interface DesignerLayerKind<L extends { type: string } = Layer> {
  /** The model's `type` of the layers it is for. */
  type: string
  /** Its items of the Add menu, in the menu's order. */
  adds: AddEntry<L>[]
  /** The title of its section of the properties panel. */
  section: WordKey
  /** Its section's controls, drawn by the generic property form. */
  properties(layer: L, ctx: PropertyContext<L>): PropertyControl[]
  /**
   * The layer with its px styles scaled by `k` (a multi-selection's frame resized); `first` when the size
   * shown is the template's first. A kind without px styles of its own leaves this out.
   */
  scale?(layer: L, k: number, at: { sizeId: string; first: boolean }): L
  /** Its words a customer may fill in, for a kind that has them. */
  words?: LayerWords<L>
  /** The keys of the fields the layer names itself (its `{{key}}` inserts, its image field). */
  fieldKeys?(layer: L): string[]
  /** The field the layer draws whole, whose settings the Fields section shows (an image layer's). */
  shownField?(layer: L): string | undefined
  /** Its colour properties a customer may be given to pick (`fill`, `stroke.color`). */
  colours?(layer: L): string[]
  /** Its other properties a customer may be given to choose among named options. */
  choices?(layer: L, strings: DesignerWords, fonts: DesignerFont[]): ChoiceProperty[]
}
