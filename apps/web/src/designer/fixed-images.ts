import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { API_BASE_URL } from '../api/base-url'
import { useUploadImage } from '../api/mutations'
import { uploadDetailQuery } from '../api/queries'
import { uploadFailureText } from '../editor/field-notes'

/** How long an upload's signed URL is taken as fresh (the list and the editor read it the same way). */
const URL_FRESH_MS = 30 * 60_000

/** The prefix of the catalogue's own images (`sample:<name>`), which only catalogue templates place. */
const CATALOGUE_IMAGE = 'sample:'

/** Where a catalogue template's own fixed image (a logo, `sample:<name>`) is served, or undefined for an upload. */
export const catalogueImageUrl = (ref: string): string | undefined =>
  ref.startsWith(CATALOGUE_IMAGE)
    ? `${API_BASE_URL}/catalogue-images/${encodeURIComponent(ref.slice(CATALOGUE_IMAGE.length))}`
    : undefined

/**
 * The designer's fixed images (a logo) through the app's uploads: `uploadImage` stores a file as one of the
 * caller's uploads and gives its id (a refusal says why, in the reader's language), `loadImage` decodes an
 * upload from its signed URL, or a catalogue template's own image from the catalogue's.
 */
export function useDesignerImages() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const { mutateAsync } = useUploadImage()
  const uploadImage = useCallback(
    async (file: File) => {
      try {
        const info = await mutateAsync({ file })
        queryClient.setQueryData(uploadDetailQuery(info.id).queryKey, info)
        return String(info.id)
      } catch (e) {
        throw new Error(uploadFailureText(t, e))
      }
    },
    [mutateAsync, queryClient, t],
  )
  const loadImage = useCallback(
    async (ref: string) => {
      const catalogue = catalogueImageUrl(ref)
      if (catalogue) {
        const res = await fetch(catalogue)
        return res.ok ? createImageBitmap(await res.blob()) : undefined
      }
      const id = Number(ref)
      if (!Number.isInteger(id) || id <= 0) return undefined
      const info = await queryClient.fetchQuery({ ...uploadDetailQuery(id), staleTime: URL_FRESH_MS })
      const res = await fetch(info.url)
      if (!res.ok) return undefined
      return createImageBitmap(await res.blob())
    },
    [queryClient],
  )
  return { uploadImage, loadImage }
}
