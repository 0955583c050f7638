import type { JobDefinition } from "../job";
import { expireChargesJob } from "./expire-charges";
import { heartbeatJob } from "./heartbeat";

/** Every job the worker runs. Add new ones here. */
export const JOBS: JobDefinition[] = [heartbeatJob, expireChargesJob];
