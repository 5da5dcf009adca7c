import { expect } from "vitest";

/**
 * EMV TLV fields (the BR Code's), read two digits of id and two of length at a time: written
 * here apart from the app's builder, so a test reads back what the app wrote.
 */
export function decodeEmv(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < payload.length) {
    const id = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    expect(Number.isInteger(length), `length of ${id}`).toBe(true);
    fields.set(id, payload.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  expect(at).toBe(payload.length);
  return fields;
}
