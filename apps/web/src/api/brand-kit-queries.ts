/**
 * The brand kit's reads and writes (`/font/upload`, `/font/list`, `/font/delete`, `/brand/palette`), in the
 * manner of queries.ts and mutations.ts: keys start with the endpoint's name.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from './client'
import { read } from './queries'

/** The caller's brand fonts, by family, weight and style (`GET /font/list`). */
export function fontListQuery() {
  return queryOptions({
    queryKey: ['fontList'],
    queryFn: async ({ signal }) => (await read('fontList', {}, signal)).data,
    staleTime: 60_000,
  })
}

/** The caller's brand colours (`GET /brand/palette`). */
export function paletteQuery() {
  return queryOptions({
    queryKey: ['paletteGet'],
    queryFn: async ({ signal }) => (await read('paletteGet', {}, signal)).data.colors,
    staleTime: 60_000,
  })
}

/** Adds a font file (`POST /font/upload`); the screen says why a file was refused. */
export function useUploadFont() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (file: File) => {
      const { resetToken: _rotated, ...font } = unwrap(await api.call('fontUpload', { body: { file } })).data
      return font
    },
    onError: () => undefined,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['fontList'] }),
  })
}

export function useDeleteFont() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: number) => unwrap(await api.call('fontDelete', { body: { id } })).data,
    onError: () => undefined,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['fontList'] }),
  })
}

/** Replaces the palette; the list shown is the server's answer (colours lower-cased). */
export function useSavePalette() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (colors: string[]) =>
      unwrap(await api.call('paletteSave', { body: { colors } })).data.colors,
    onError: () => undefined,
    onSuccess: (colors) => queryClient.setQueryData(['paletteGet'], colors),
  })
}
