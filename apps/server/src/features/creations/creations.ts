import type { Creation, CreationDetail } from '@templet/api/contract'
import type { Kysely } from 'kysely'
import type { CreationRow, Database } from '../../db/schema'
import type { ResolvedTemplate } from '../templates/templates'
import { type CreationFilter, type CreationSort, findOwnCreation } from './creations.queries'
import type { CreationDeps, CreationRequest } from './deps'
import { creationFiles } from './downloads'
import type { CreationFile, PageFile } from './files'
import { deleteOwn, listOwnCreations, ownCreationDetail, renameOwn } from './library'
import type { PdfOptions } from './pdf-options'
import { prepareCreation } from './prepare'
import { type DocumentRequest, drawCreation, previewCreation, renderDocument } from './render'
import { checkBalance, type ProducedCreation, storeCreations, storePaid, writeCreation } from './store'
import { creationView } from './view'

/** How {@link Creations.produce} makes a creation. */
type ProduceOptions = {
  /** Paid for already (a job's credit was reserved when it was accepted): no balance check before rendering. */
  prepaid: boolean
  /** The template as {@link Creations.resolve} read it, for many creations of it. */
  resolved?: ResolvedTemplate | undefined
  /** Raise the "creation ready" notification (default true; a batch raises one for all its rows). */
  notify?: boolean
  /** The options of the print shops' PDF of a print size (default: bleed and crop marks). */
  printPdf?: PdfOptions
}

/**
 * Creations, the path a request takes to one: validate (validate.ts, prepare.ts), render (render.ts), store
 * (store.ts); and the customer's own creations after (library.ts, downloads.ts). The API's routes, the
 * developer API's renders and batches, the dashboard and the demo account all go through this one service.
 */
export class Creations {
  constructor(private readonly d: CreationDeps) {}

  /**
   * The template (and version, default its current one) a creation of `userId` draws; 404 when it is not theirs to
   * use. In a team that creates only from approved versions, the version must be approved (default the latest
   * approved one), else a 409 (see Templates.resolve).
   */
  resolve(userId: number, templateId: number, version?: number): Promise<ResolvedTemplate> {
    return this.d.templates.resolve(userId, templateId, version, 'create')
  }

  /**
   * Checks a creation request as `create` would (template, size, values, the caller's uploads) without rendering:
   * what a job accepted now will not refuse later. Returns the size and the template's version it will draw, and
   * the declared languages in their canonical case.
   * `resolved`: the template as {@link resolve} read it, for many requests of it (a batch's rows read it once).
   */
  async check(
    r: CreationRequest,
    resolved?: ResolvedTemplate,
  ): Promise<{ sizeId: string; templateVersion: number; valueLanguages: Record<string, string> }> {
    const { size, version, valueLanguages } = await prepareCreation(this.d, r, { resolved })
    return { sizeId: size.id, templateVersion: version, valueLanguages }
  }

  /**
   * Renders and stores a creation, spending one credit. Order: check, render, write the files, then in one
   * transaction spend the credit and insert the row. A failed render costs nothing; a refused spend removes the
   * files; a crash before the commit leaves files without a row, which are never served and which the sweep
   * removes.
   */
  async create(r: CreationRequest & { name?: string | undefined }): Promise<Creation & { credits: number }> {
    const made = await this.produce(r, { prepaid: false })
    const stored = await storePaid(this.d, r.userId, made)
    const created = await findOwnCreation(this.d.db, stored.id, r.userId)
    if (!created) throw new Error('creation vanished after insert')
    return { ...this.view(created), credits: stored.balance }
  }

  /**
   * The first half of {@link create}: checks, renders and writes the files, and returns the row to
   * {@link store} in the caller's transaction or, when that transaction does not commit, how to delete the files
   * again (`discard`). Jobs store many in one transaction.
   */
  async produce(
    r: CreationRequest & { name?: string | undefined },
    o: ProduceOptions,
  ): Promise<ProducedCreation> {
    return (await this.draw(r, o)).write()
  }

  /**
   * {@link produce} in two steps: checks and renders, then `write` writes the files. A job renders its next row
   * while the files of this one are written, so its renderer does not wait for the disk.
   */
  async draw(
    r: CreationRequest & { name?: string | undefined },
    o: ProduceOptions,
  ): Promise<{ write: () => Promise<ProducedCreation> }> {
    const prepared = await prepareCreation(this.d, r, { resolved: o.resolved })
    if (!o.prepaid) await checkBalance(this.d, r.userId)
    const drawn = await drawCreation(this.d, r, prepared, o.printPdf)
    return { write: () => writeCreation(this.d, r, drawn, { notify: o.notify !== false }) }
  }

  /** Stores creations {@link produce}d in the caller's transaction; their ids, in order (see {@link storeCreations}). */
  store(trx: Kysely<Database>, made: ProducedCreation[], now: number): Promise<number[]> {
    return storeCreations(trx, made, now)
  }

  /** One PDF with a page per row of values (a batch's completed rows); see {@link renderDocument}. */
  documentOf(userId: number, r: DocumentRequest): Promise<Buffer> {
    return renderDocument(this.d, userId, r)
  }

  /** A small preview in one format: no credit, nothing stored (see {@link previewCreation}). */
  preview(
    r: CreationRequest & {
      format: 'webp' | 'jpeg' | 'png'
      maxSide: number
      width?: number | undefined
      page?: number | undefined
    },
  ): Promise<{ data: Buffer; contentType: string; truncated: string[] }> {
    return previewCreation(this.d, r)
  }

  list(f: CreationFilter, page: { page: number; pageSize: number; sort?: CreationSort | undefined }) {
    return listOwnCreations(this.d, f, page)
  }

  rename(id: number, userId: number, name: string): Promise<Creation> {
    return renameOwn(this.d, id, userId, name)
  }

  detail(id: number, userId: number): Promise<CreationDetail> {
    return ownCreationDetail(this.d, id, userId)
  }

  delete(id: number, userId: number): Promise<void> {
    return deleteOwn(this.d, id, userId)
  }

  /** Where creation `id`'s files are kept, and with `download` the name it is saved under (see {@link creationFiles}). */
  files(
    id: number,
    download?: CreationFile | PageFile,
  ): Promise<{ storagePrefix: string; downloadName?: string } | undefined> {
    return creationFiles(this.d, id, download)
  }

  view(c: CreationRow): Creation {
    return creationView(this.d.urls, c)
  }
}
