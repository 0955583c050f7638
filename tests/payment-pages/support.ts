/** Requests to the public payment page's route handlers, as our HTTP server hands them over. */
import { randomInt } from "node:crypto";
import { GET as events } from "../../app/c/[publicId]/events/route";
import { GET as receipt } from "../../app/c/[publicId]/receipt/route";
import { PEER_ADDRESS_HEADER, PEER_TOKEN_HEADER, peerToken } from "../../server/http/ip";

/** A client address of its own, so that files and cases do not share a rate-limit window. */
export const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

function request(path: string, ip: string, signal?: AbortSignal, headers: Record<string, string> = {}) {
  return new Request(`http://127.0.0.1${path}`, {
    headers: { [PEER_ADDRESS_HEADER]: ip, [PEER_TOKEN_HEADER]: peerToken(), ...headers },
    ...(signal ? { signal } : {}),
  });
}

export function openEvents(publicId: string, ip = someAddress(), signal?: AbortSignal) {
  return events(request(`/c/${publicId}/events`, ip, signal), { params: Promise.resolve({ publicId }) });
}

export function getReceipt(publicId: string, ip = someAddress(), headers: Record<string, string> = {}) {
  return receipt(request(`/c/${publicId}/receipt`, ip, undefined, headers), { params: Promise.resolve({ publicId }) });
}

/** The `status` events of a stream as they come, until it ends or `count` were read. */
export async function statusEvents(response: Response, count: number): Promise<string[]> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const seen: string[] = [];
  let buffer = "";
  while (seen.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (/^event: status$/m.test(block) && data) seen.push((JSON.parse(data) as { status: string }).status);
      end = buffer.indexOf("\n\n");
    }
  }
  await reader.cancel().catch(() => {});
  return seen;
}
