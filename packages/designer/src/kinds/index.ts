import type { Layer } from '@templet/template'
import { imageKind } from './image'
import { qrKind } from './qr'
import { createDesignerRegistry } from './registry'
import { shapeKind } from './shape'
import { textKind } from './text'

/**
 * The layer kinds of the designer, in the Add menu's order. A new kind is its folder and one entry here (ADR
 * 0174), beside its model kind in `@templet/template`.
 */
export const designerKinds = createDesignerRegistry<Layer>([textKind, imageKind, shapeKind, qrKind])
