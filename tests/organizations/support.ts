/** What the organisation tests share. */
import { TRPCError } from "@trpc/server";

/** The tRPC refusal `promise` ends in (anything else fails the test). */
export async function refusal(promise: Promise<unknown>): Promise<TRPCError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}
