import type { ColumnDefinitionBuilder, CreateTableBuilder } from 'kysely'
import type { Engine } from '../connection'

/** An auto-increment primary key: `integer … autoincrement` in SQLite, `serial` in PostgreSQL. */
export function withId<T extends string>(engine: Engine, table: CreateTableBuilder<T, never>) {
  return engine === 'sqlite'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    : table.addColumn('id', 'serial', (c) => c.primaryKey())
}

/** A 64-bit auto-increment primary key (later tables; 0002 moved the first ones there). */
export function withBigId<T extends string>(engine: Engine, table: CreateTableBuilder<T, never>) {
  return engine === 'sqlite'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    : table.addColumn('id', 'bigserial', (c) => c.primaryKey())
}

/** The type of a column referencing a 64-bit id. */
export const refType = (engine: Engine) => (engine === 'sqlite' ? 'integer' : 'bigint')

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull()
