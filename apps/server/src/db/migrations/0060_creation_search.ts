import { type Kysely, type Migration, sql } from 'kysely'
import type { Engine } from '../connection'
import { creationSearchText, typedValues } from '../search-text'

/**
 * Creation search over the name and the typed text (docs/adr/0060-creation-search-words.md). `search_text`
 * holds the lexemes (db/search-text.ts); the engine indexes that column: an external-content FTS5 table kept in
 * step by triggers on SQLite, a GIN index over its tsvector on PostgreSQL. Existing rows are filled here.
 */
export function migration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('creations')
        .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
        .execute()
      await fill(db)
      if (engine === 'sqlite') {
        await sql`create virtual table creations_fts using fts5(
          search_text, content='creations', content_rowid='id', tokenize='unicode61 remove_diacritics 0')`.execute(
          db,
        )
        // Every write of a creation reaches the index in the same statement's transaction.
        await sql`create trigger creations_fts_insert after insert on creations begin
          insert into creations_fts(rowid, search_text) values (new.id, new.search_text);
        end`.execute(db)
        await sql`create trigger creations_fts_delete after delete on creations begin
          insert into creations_fts(creations_fts, rowid, search_text) values ('delete', old.id, old.search_text);
        end`.execute(db)
        await sql`create trigger creations_fts_update after update of search_text on creations begin
          insert into creations_fts(creations_fts, rowid, search_text) values ('delete', old.id, old.search_text);
          insert into creations_fts(rowid, search_text) values (new.id, new.search_text);
        end`.execute(db)
        await sql`insert into creations_fts(creations_fts) values ('rebuild')`.execute(db)
      } else {
        // The lexemes are taken as they are (no parser, no dictionary): the same words as SQLite's.
        await sql`create index creations_search on creations
          using gin (array_to_tsvector(string_to_array(search_text, ' ')))`.execute(db)
      }
    },
  }
}

/** The search text of every existing creation, from its name and the values of its template version's text fields. */
async function fill(db: Kysely<unknown>): Promise<void> {
  const q = db as unknown as Kysely<{
    creations: {
      id: number
      name: string
      field_values: string
      template_id: number
      template_version: number | null
      search_text: string
    }
    template_versions: { template_id: number; version: number; definition: string }
  }>
  const textFields = new Map<string, { key: string; kind: string }[]>()
  let after = 0
  for (;;) {
    const rows = await q
      .selectFrom('creations')
      .leftJoin('template_versions', (j) =>
        j
          .onRef('template_versions.template_id', '=', 'creations.template_id')
          .onRef('template_versions.version', '=', 'creations.template_version'),
      )
      .select([
        'creations.id',
        'creations.name',
        'creations.field_values',
        'creations.template_id',
        'creations.template_version',
        'template_versions.definition',
      ])
      .where('creations.id', '>', after)
      .orderBy('creations.id')
      .limit(500)
      .execute()
    if (rows.length === 0) break
    for (const r of rows) {
      const key = `${r.template_id}:${r.template_version}`
      let fields = textFields.get(key)
      if (!fields) {
        fields = fieldsOf(r.definition)
        textFields.set(key, fields)
      }
      const values = JSON.parse(r.field_values) as Record<string, string>
      await q
        .updateTable('creations')
        .set({ search_text: creationSearchText(r.name, typedValues(fields, values)) })
        .where('id', '=', r.id)
        .execute()
    }
    after = Number(rows.at(-1)?.id)
  }
}

/** The fields a stored template document declares (none when it is missing or unreadable: the name still counts). */
function fieldsOf(definition: string | null): { key: string; kind: string }[] {
  try {
    const fields = (JSON.parse(definition ?? '{}') as { fields?: unknown }).fields
    return Array.isArray(fields)
      ? fields.filter(
          (f): f is { key: string; kind: string } =>
            typeof f?.key === 'string' && typeof f?.kind === 'string',
        )
      : []
  } catch {
    return []
  }
}
