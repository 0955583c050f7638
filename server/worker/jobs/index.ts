import type { JobDefinition } from "../job";
import { createRecurringChargesJob } from "./create-recurring-charges";
import { expireChargesJob } from "./expire-charges";
import { heartbeatJob } from "./heartbeat";
import { kybRescreenJob } from "./kyb-rescreen";
import { purgeIdempotencyJob } from "./purge-idempotency";
import { purgeStatementsJob } from "./purge-statements";
import { purgeWebhookDeliveriesJob } from "./purge-webhook-deliveries";
import { settleRecurringChargesJob } from "./settle-recurring-charges";

/** Every job the worker runs. Add new ones here. */
export const JOBS: JobDefinition[] = [
  heartbeatJob,
  expireChargesJob,
  purgeWebhookDeliveriesJob,
  purgeIdempotencyJob,
  purgeStatementsJob,
  createRecurringChargesJob,
  settleRecurringChargesJob,
  kybRescreenJob,
];
