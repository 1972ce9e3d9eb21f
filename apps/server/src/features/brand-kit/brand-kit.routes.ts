import type { Handlers } from '../../routes/api'
import type { BrandKit } from './brand-kit'

export function brandKitHandlers(
  kit: BrandKit,
): Pick<Handlers, 'fontUpload' | 'fontList' | 'fontDelete' | 'paletteGet' | 'paletteSave'> {
  return {
    fontUpload: async ({ session, body }) =>
      kit.upload(session.userId, new Uint8Array(await body.file.arrayBuffer())),
    fontList: ({ session }) => kit.list(session.userId),
    fontDelete: async ({ session, body }) => {
      await kit.delete(session.userId, body.id)
      return {}
    },
    paletteGet: ({ session }) => kit.palette(session.userId),
    paletteSave: ({ session, body }) => kit.savePalette(session.userId, body.colors),
  }
}
