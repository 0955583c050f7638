import { z } from "zod";

/** Faults the control API switches on, to test how a participant copes with the network misbehaving. */
export const FaultsRequest = z
  .object({
    /** Destroy the connection of every /spi and /dict request for this long. */
    refuseConnectionsForMs: z.number().int().min(0).max(3_600_000),
    /** Answer every /spi and /dict request 503 for this long. */
    serverErrorsForMs: z.number().int().min(0).max(3_600_000),
    /** Hold every /spi and /dict answer this long (0 ends it), for answerDelayForMs or until changed. */
    answerDelayMs: z.number().int().min(0).max(120_000),
    answerDelayForMs: z.number().int().min(0).max(3_600_000),
    /** Deliver every message twice on the streams. */
    duplicateDeliveries: z.boolean(),
    /** Change a field of the next N DICT responses after signing them. */
    tamperDictResponses: z.number().int().min(0).max(10_000),
    /** Send no ACSC/ACCC for the next N settlements (the money still settles at the SPI). */
    dropSettlementMessages: z.number().int().min(0).max(10_000),
  })
  .partial()
  .strict();

export class Faults {
  private refuseUntil = 0;
  private errorsUntil = 0;
  private delayMs = 0;
  private delayUntil = Number.POSITIVE_INFINITY;
  duplicateDeliveries = false;
  private tamperLeft = 0;
  private dropLeft = 0;

  apply(request: z.infer<typeof FaultsRequest>, now = Date.now()): void {
    if (request.refuseConnectionsForMs !== undefined) this.refuseUntil = now + request.refuseConnectionsForMs;
    if (request.serverErrorsForMs !== undefined) this.errorsUntil = now + request.serverErrorsForMs;
    if (request.answerDelayMs !== undefined) {
      this.delayMs = request.answerDelayMs;
      this.delayUntil =
        request.answerDelayForMs !== undefined ? now + request.answerDelayForMs : Number.POSITIVE_INFINITY;
    }
    if (request.duplicateDeliveries !== undefined) this.duplicateDeliveries = request.duplicateDeliveries;
    if (request.tamperDictResponses !== undefined) this.tamperLeft = request.tamperDictResponses;
    if (request.dropSettlementMessages !== undefined) this.dropLeft = request.dropSettlementMessages;
  }

  refusingConnections(now = Date.now()): boolean {
    return now < this.refuseUntil;
  }

  answeringServerErrors(now = Date.now()): boolean {
    return now < this.errorsUntil;
  }

  answerDelay(now = Date.now()): number {
    return now < this.delayUntil ? this.delayMs : 0;
  }

  /** Whether to tamper with this DICT response (counts it down). */
  takeTamper(): boolean {
    if (this.tamperLeft <= 0) return false;
    this.tamperLeft--;
    return true;
  }

  /** Whether to drop this settlement message (counts it down). */
  takeDrop(): boolean {
    if (this.dropLeft <= 0) return false;
    this.dropLeft--;
    return true;
  }

  reset(): void {
    this.apply({
      refuseConnectionsForMs: 0,
      serverErrorsForMs: 0,
      answerDelayMs: 0,
      duplicateDeliveries: false,
      tamperDictResponses: 0,
      dropSettlementMessages: 0,
    });
  }

  describe(now = Date.now()) {
    return {
      refuseConnectionsForMs: Math.max(0, this.refuseUntil - now),
      serverErrorsForMs: Math.max(0, this.errorsUntil - now),
      answerDelayMs: this.answerDelay(now),
      duplicateDeliveries: this.duplicateDeliveries,
      tamperDictResponses: this.tamperLeft,
      dropSettlementMessages: this.dropLeft,
    };
  }
}
