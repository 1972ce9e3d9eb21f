/** Quality of every JPEG and WebP the server encodes (PRODUCT.md §2). */
export const IMAGE_QUALITY = 75
