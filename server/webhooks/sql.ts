/**
 * The webhook hot paths (fan-out on the relay's path, claim and release in the delivery loop) run
 * on a plain `pg` pool: Prisma's per-query CPU cost would make them slower than the ledger they
 * follow (docs/performance.md). Anything with a pg.Pool's `query` will do (tests pass their own).
 */
import type pg from "pg";
import { pool } from "../db/pool";

export type Sql = Pick<pg.Pool, "query">;

export const defaultSql = (): Sql => pool();
