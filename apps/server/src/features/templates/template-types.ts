import type { StarData } from '@templet/api/contract'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { notFound } from '../../errors'
import {
  addStar,
  listTemplateTypes,
  removeStar,
  starCount,
  templateTypeExists,
} from './template-types.queries'

/** Sets whether the user starred a type; repeating the same call changes nothing (one star per user). */
export async function setStar(
  db: Kysely<Database>,
  a: { userId: number; templateTypeId: number; star: boolean; now: number },
): Promise<Omit<StarData, 'resetToken'>> {
  if (!(await templateTypeExists(db, a.templateTypeId))) throw notFound('Template type')
  if (a.star) await addStar(db, a.templateTypeId, a.userId, a.now)
  else await removeStar(db, a.templateTypeId, a.userId)
  return { id: a.templateTypeId, starred: a.star, stars: await starCount(db, a.templateTypeId) }
}

/** The catalogue's types as the API lists them, and the caller's stars. */
export class TemplateTypes {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
  ) {}

  /** Every type with its star count, and whether `userId` (none when signed out) starred it. */
  list(userId: number | null) {
    return listTemplateTypes(this.db, userId)
  }

  star(userId: number, templateTypeId: number, star: boolean): Promise<Omit<StarData, 'resetToken'>> {
    return setStar(this.db, { userId, templateTypeId, star, now: this.now() })
  }
}
