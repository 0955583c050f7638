/**
 * The driver adapter the Prisma CLI uses for `migrate` (never the app's runtime client).
 *
 * Prisma 6.19's WASM schema engine runs through @prisma/adapter-pg, which needs three
 * corrections under `migrate` (docs/decisions/0002-prisma-migrations.md):
 * 1. catalog columns of type `name`, `"char"` and `name[]` are reported as text / text[];
 * 2. the shadow database gets its own connection fields (a connectionString would win over
 *    `database` in pg and send the shadow work to the main database);
 * 3. the shadow pool is closed before its database is dropped;
 * 4. a migration script is sent whole (the adapter splits it on every `;`, which breaks
 *    function bodies such as the ledger's balance trigger).
 */
import { randomUUID } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";

const TEXT_OID = 25;
const TEXT_ARRAY_OID = 1009;
const CATALOG_TEXT_OIDS = new Set([18, 19]); // "char", name
const NAME_ARRAY_OID = 1003;

type Fields = { dataTypeID: number }[];

class CatalogSafePool extends pg.Pool {
  // biome-ignore lint/suspicious/noExplicitAny: pg's overloaded query signature
  override query(...args: any[]): any {
    // biome-ignore lint/suspicious/noExplicitAny: see above
    const result = (super.query as any)(...args);
    if (!(result instanceof Promise)) return result;
    return result.then((res: { fields?: Fields; rows?: unknown[][] }) => {
      const parseTextArray = (pg.types.getTypeParser as (oid: number) => (value: string) => unknown)(TEXT_ARRAY_OID);
      res.fields?.forEach((field, column) => {
        if (CATALOG_TEXT_OIDS.has(field.dataTypeID)) field.dataTypeID = TEXT_OID;
        else if (field.dataTypeID === NAME_ARRAY_OID) {
          field.dataTypeID = TEXT_ARRAY_OID;
          for (const row of res.rows ?? []) {
            if (Array.isArray(row) && typeof row[column] === "string") {
              row[column] = parseTextArray(row[column] as string);
            }
          }
        }
      });
      return res;
    });
  }
}

function connectionFields(url: string, database?: string): pg.PoolConfig {
  const parsed = new URL(url);
  return {
    host: decodeURIComponent(parsed.hostname),
    port: Number(parsed.port || 5432),
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    database: database ?? decodeURIComponent(parsed.pathname.slice(1)),
    max: 4,
  };
}

export class MigrationAdapterFactory {
  readonly provider = "postgres" as const;
  readonly adapterName = "@prisma/adapter-pg";

  constructor(private readonly url: string) {}

  connect() {
    return this.connectTo(connectionFields(this.url));
  }

  private async connectTo(fields: pg.PoolConfig) {
    const pool = new CatalogSafePool(fields);
    const adapter = await new PrismaPg(pool, { disposeExternalPool: true }).connect();
    const reportError = (adapter as unknown as { onError: (error: unknown) => never }).onError.bind(adapter);
    adapter.executeScript = async (script: string) => {
      try {
        await pool.query(script);
      } catch (error) {
        reportError(error);
      }
    };
    return adapter;
  }

  async connectToShadowDb() {
    const main = await this.connect();
    const database = `prisma_migrate_shadow_${randomUUID().replaceAll("-", "")}`;
    await main.executeScript(`CREATE DATABASE "${database}"`);
    const shadow = await this.connectTo(connectionFields(this.url, database));
    const closeShadowPool = shadow.dispose.bind(shadow);
    shadow.dispose = async () => {
      await closeShadowPool();
      await main.executeScript(`DROP DATABASE IF EXISTS "${database}"`);
      await main.dispose();
    };
    return shadow;
  }
}
