/**
 * The body of a bulk edit upload (a multipart form: the file and the intent), read with its own cap while it
 * arrives: past `maxBytes` the stream is cancelled and the rest never read, so no upload holds more than the cap
 * in memory, however large it claims or turns out to be. Server actions keep Next's 1 MB limit (next.config.mjs).
 */
import { readBytesWithin } from "@magento-integration/client/net";
import { MAX_FILE_BYTES } from "./product-rows.ts";

/** Room for the multipart framing and the form's other fields beside a file of MAX_FILE_BYTES. */
export const UPLOAD_FORM_OVERHEAD_BYTES = 64 * 1024;
/** The most of an upload's body read. */
export const MAX_UPLOAD_BYTES = MAX_FILE_BYTES + UPLOAD_FORM_OVERHEAD_BYTES;
/** The longest an upload may take to arrive (10 MB at 1 Mbit/s takes 80 s). */
export const UPLOAD_WITHIN_MS = 5 * 60_000;

/** Why an upload was not read: each is one class of refusal (and one log line a minute, packages/sync/src/bulk/refusal-log.ts). */
export type UploadRefusal = "too_large" | "too_slow" | "not_multipart" | "malformed" | "no_file";

export type UploadBody =
  { ok: true; fileName: string; bytes: Buffer; fields: Record<string, string> } | { ok: false; refusal: UploadRefusal };

export interface UploadRequest {
  body: ReadableStream<Uint8Array> | null;
  contentType: string | null;
  contentLength: string | null;
}

export async function readUploadBody(
  req: UploadRequest,
  limits: { maxBytes: number; withinMs: number } = { maxBytes: MAX_UPLOAD_BYTES, withinMs: UPLOAD_WITHIN_MS },
): Promise<UploadBody> {
  const type = req.contentType ?? "";
  if (!/^multipart\/form-data;\s*boundary=/i.test(type)) return { ok: false, refusal: "not_multipart" };
  // a declared length past the cap is refused before a byte is read
  if (Number(req.contentLength ?? "0") > limits.maxBytes) {
    await req.body?.cancel().catch(() => undefined);
    return { ok: false, refusal: "too_large" };
  }
  const read = await readBytesWithin(req.body, limits.maxBytes, limits.withinMs);
  if ("refused" in read) return { ok: false, refusal: read.refused === "too large" ? "too_large" : "too_slow" };
  let form: FormData;
  try {
    // bounded: at most limits.maxBytes were read above, and the parse runs over those bytes only
    // eslint-disable-next-line no-restricted-syntax -- the body is the capped buffer read above
    form = await new Response(new Uint8Array(read.bytes), { headers: { "content-type": type } }).formData();
  } catch {
    return { ok: false, refusal: "malformed" };
  }
  const file = form.get("file");
  if (!(file instanceof Blob) || file.size === 0) return { ok: false, refusal: "no_file" };
  const fields: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string") fields[k] = v;
  return {
    ok: true,
    fileName: file instanceof File ? file.name : "upload",
    // eslint-disable-next-line no-restricted-syntax -- the file is part of the capped body read above
    bytes: Buffer.from(await file.arrayBuffer()),
    fields,
  };
}
