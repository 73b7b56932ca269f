import { sql, type DatabaseIntrospector, type Kysely, type SchemaMetadata, type TableMetadata } from 'kysely';

/** Kysely's PostgreSQL introspector reads every schema on the server and asks, per schema, for its
 * privileges: on a server shared with other tenants or test runs, a schema dropped meanwhile fails
 * the read ("schema … does not exist"), and the cost grows with every other schema's columns. The
 * service owns one schema, so it looks at that one only (the migrator and the tests use this). */
export class SchemaIntrospector implements DatabaseIntrospector {
  constructor(
    private readonly db: Kysely<any>,
    private readonly schema: string,
  ) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace where nspname = ${this.schema}`.execute(this.db);
    return rows.map((r) => ({ name: r.name }));
  }

  async getTables(options: { withInternalKyselyTables: boolean } = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<{
      table: string;
      table_type: string;
      column: string;
      data_type: string;
      is_nullable: string;
      column_default: string | null;
    }>`select t.table_name as "table", t.table_type, c.column_name as "column", c.udt_name as data_type,
              c.is_nullable, c.column_default
         from information_schema.tables t
         join information_schema.columns c on c.table_schema = t.table_schema and c.table_name = t.table_name
        where t.table_schema = ${this.schema}
        order by t.table_name, c.ordinal_position`.execute(this.db);
    const tables = new Map<string, TableMetadata>();
    for (const r of rows) {
      if (!options.withInternalKyselyTables && r.table.startsWith('kysely_migration')) continue;
      let table = tables.get(r.table);
      if (!table) {
        table = { name: r.table, schema: this.schema, isView: r.table_type === 'VIEW', columns: [] };
        tables.set(r.table, table);
      }
      table.columns.push({
        name: r.column,
        dataType: r.data_type,
        isNullable: r.is_nullable === 'YES',
        hasDefaultValue: r.column_default !== null,
        isAutoIncrementing: r.column_default?.startsWith('nextval(') ?? false,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: { withInternalKyselyTables: boolean }) {
    return { tables: await this.getTables(options) };
  }
}
