/**
 * The reads and writes of customers' own templates (docs/product.md#designing-templates: `/template/mine`, `/template/document`,
 * `/template/versions`, `/template/save`, `/template/duplicate`, `/template/delete`), in the manner of queries.ts and mutations.ts:
 * keys start with the endpoint's name.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { TemplateSaveBody } from '@templet/api'
import { api, unwrap } from './client'
import { read } from './queries'

export const MY_TEMPLATES_PAGE_SIZE = 24

/** One page of the caller's templates (`GET /template/mine`), latest change first, by name. */
export function templateMineQuery(filter: { q?: string; page: number }) {
  const { q = '', page } = filter
  return queryOptions({
    queryKey: ['templateMine', { q, page }],
    queryFn: async ({ signal }) => {
      const query = { q: q || undefined, page, pageSize: MY_TEMPLATES_PAGE_SIZE }
      const result = await read('templateMine', { query }, signal)
      return { items: result.data, total: result.total ?? result.data.length }
    },
  })
}

/** A template's document (`GET /template/document`): the current version, or `version`. */
export function templateDocumentQuery(id: number, version?: number) {
  const query = version === undefined ? { id } : { id, version }
  return queryOptions({
    queryKey: ['templateDocument', query],
    queryFn: async ({ signal }) => (await read('templateDocument', { query }, signal)).data,
    // A version never changes; the current one is read again when the designer opens.
    staleTime: version === undefined ? 0 : Number.POSITIVE_INFINITY,
  })
}

export const TEMPLATE_VERSIONS_PAGE_SIZE = 20

/** One page of the versions of one of the caller's templates (`GET /template/versions`), latest first. */
export function templateVersionsQuery(id: number, page: number) {
  return queryOptions({
    queryKey: ['templateVersions', { id, page }],
    queryFn: async ({ signal }) => {
      const query = { id, page, pageSize: TEMPLATE_VERSIONS_PAGE_SIZE }
      const result = await read('templateVersions', { query }, signal)
      return { items: result.data, total: result.total ?? result.data.length }
    },
  })
}

/** After a write: My templates, the documents, the versions and the editor's details are read again. */
function useInvalidateTemplates() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all(
      ['templateMine', 'templateDocument', 'templateVersions', 'templateDetail'].map((key) =>
        queryClient.invalidateQueries({ queryKey: [key] }),
      ),
    )
}

/** Copies a catalogue template (or one's own) into a new template of the caller's (`POST /template/duplicate`). */
export function useDuplicateTemplate() {
  const invalidate = useInvalidateTemplates()
  return useMutation({
    mutationFn: async (id: number) => unwrap(await api.call('templateDuplicate', { body: { id } })).data,
    onSettled: invalidate,
  })
}

/** Saves a document as the next version (`POST /template/save`); the caller says what a 400 or 409 means. */
export function useSaveTemplate() {
  const invalidate = useInvalidateTemplates()
  return useMutation({
    mutationFn: async (input: TemplateSaveBody) =>
      unwrap(await api.call('templateSave', { body: input })).data,
    onError: () => undefined,
    onSettled: invalidate,
  })
}

/** Renames a template: its current document saved again under the new name, from its current version. */
export function useRenameTemplate() {
  const invalidate = useInvalidateTemplates()
  return useMutation({
    mutationFn: async ({ id, name }: { id: number; name: string }) => {
      const current = unwrap(await api.call('templateDocument', { query: { id }, allowDuplicate: true })).data
      return unwrap(
        await api.call('templateSave', {
          body: { id, baseVersion: current.version, name, document: current.document },
        }),
      ).data
    },
    onError: () => undefined,
    onSettled: invalidate,
  })
}

/** Deletes one of the caller's templates (`POST /template/delete`); its creations keep re-opening. */
export function useDeleteTemplate() {
  const invalidate = useInvalidateTemplates()
  return useMutation({
    mutationFn: async (id: number) => unwrap(await api.call('templateDelete', { body: { id } })).data,
    onError: () => undefined,
    onSettled: invalidate,
  })
}
