const POLYNOMIAL = 0x1021;
const INITIAL = 0xffff;

const TABLE: readonly number[] = Array.from({ length: 256 }, (_, byte) => {
  let crc = byte << 8;
  for (let bit = 0; bit < 8; bit++) {
    crc = crc & 0x8000 ? ((crc << 1) ^ POLYNOMIAL) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
});

const encoder = new TextEncoder();

/**
 * CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final XOR)
 * as four uppercase hex digits.
 *
 * The checksum runs over UTF-8 bytes: payloads are ASCII per the spec, but
 * real generators (pix-utils, several banks) emit accented names in UTF-8 and
 * checksum those bytes, so this is what makes their CRCs verify.
 */
export function crc16(input: string): string {
  let crc = INITIAL;
  for (const byte of encoder.encode(input)) {
    crc = ((crc << 8) & 0xffff) ^ (TABLE[((crc >> 8) ^ byte) & 0xff] ?? 0);
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}
