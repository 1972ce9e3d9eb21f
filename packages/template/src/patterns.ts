/** An opaque colour as #rrggbb: the value of a colour field. Zod-free, for the value rules. */
export const OPAQUE_HEX = /^#[0-9a-fA-F]{6}$/
