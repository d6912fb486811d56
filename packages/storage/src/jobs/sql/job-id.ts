/**
 * Job ids that sort in the order this process made them (the UUID version 7 layout: milliseconds, then a counter,
 * then random bits). Jobs that share a fairness tag start in the order sent: on PostgreSQL the id is that order
 * (SQLite has its rowid).
 */
import { randomBytes } from "node:crypto";

let lastMs = 0;
let counter = 0;

export function newJobId(): string {
  let ms = Date.now();
  if (ms <= lastMs) {
    counter++;
    if (counter > 0xfff) {
      // 4,096 ids in one millisecond: borrow the next one
      lastMs++;
      counter = 0;
    }
    ms = lastMs;
  } else {
    lastMs = ms;
    counter = 0;
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
