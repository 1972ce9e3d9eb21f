/** Quality of every JPEG and WebP the server encodes (docs/product.md#fixed-figures). */
export const IMAGE_QUALITY = 75
