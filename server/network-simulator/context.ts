import type { Directory } from "./directory";
import type { Faults } from "./faults";
import type { InfractionStore } from "./infraction-reports";
import type { LookupBudgets } from "./lookup-budgets";
import type { NetworkRecords } from "./records";
import type { Settlement } from "./settlement";
import type { SigningIdentity } from "./signing";
import type { StreamHub } from "./stream";

/** What every part of the simulator shares. */
export interface NetworkContext {
  identity: SigningIdentity;
  /** The participant's signing certificate: when set, unsigned or badly signed messages and requests are refused. */
  participantCertificatePem?: string;
  records: NetworkRecords;
  hub: StreamHub;
  settlement: Settlement;
  directory: Directory;
  budgets: LookupBudgets;
  faults: Faults;
  /** The DICT's infraction reports and refund requests (MED). */
  infractions: InfractionStore;
}
