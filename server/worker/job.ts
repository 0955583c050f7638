import type { z } from "zod";
import type { Db } from "../db/client";
import type { QueueState } from "./health";

/** A background job: a queue name, the payload's schema, a handler, and optionally a schedule. */
export type JobDefinition<Schema extends z.ZodTypeAny = z.ZodTypeAny> = {
  name: string;
  schema: Schema;
  /** cron expression (pg-boss, minute resolution) when the job runs on a schedule */
  cron?: string;
  handler: (payload: z.infer<Schema>, context: JobContext) => Promise<void>;
};

export type JobContext = {
  db: Db;
  workerId: string;
  startedAt: Date;
  now: () => Date;
  /** the state of every queue this worker serves */
  queueStates: () => Promise<QueueState[]>;
};

export function defineJob<Schema extends z.ZodTypeAny>(definition: JobDefinition<Schema>): JobDefinition<Schema> {
  return definition;
}
