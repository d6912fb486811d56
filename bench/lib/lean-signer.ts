/**
 * The yardstick: an undici Pool with a minimal hand-written OAuth 1.0a HMAC-SHA256 signer, the least a signed
 * Magento client can do per call. Standard family only (what the dev store and most stores check), query pairs
 * signed as given and sent RFC 3986-encoded, names in PHP strnatcmp order (digit runs compared as numbers;
 * encoded names have no spaces or fractions). Used by the benchmarks only, never by the kit.
 */
import { createHmac, createSecretKey, randomUUID } from "node:crypto";
import { Pool } from "undici";

const PLAIN = /^[A-Za-z0-9._~-]*$/;
const enc = (s: string): string =>
  PLAIN.test(s)
    ? s
    : encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const enc2 = (e: string): string => (e.includes("%") ? e.replaceAll("%", "%25") : e);
const isDigit = (c: number) => c >= 48 && c <= 57;

function natural(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(j);
    if (isDigit(ca) && isDigit(cb)) {
      let i2 = i;
      let j2 = j;
      while (i2 < a.length && isDigit(a.charCodeAt(i2))) i2++;
      while (j2 < b.length && isDigit(b.charCodeAt(j2))) j2++;
      const na = a.slice(i, i2).replace(/^0+(?=.)/, "");
      const nb = b.slice(j, j2).replace(/^0+(?=.)/, "");
      if (na.length !== nb.length) return na.length - nb.length;
      if (na !== nb) return na < nb ? -1 : 1;
      i = i2;
      j = j2;
    } else {
      if (ca !== cb) return ca - cb;
      i++;
      j++;
    }
  }
  return a.length - i - (b.length - j);
}

export interface LeanCredentials {
  consumerKey: string;
  consumerSecret: string;
  accessToken: string;
  accessTokenSecret: string;
}

export type Pairs = ReadonlyArray<readonly [string, string]>;

export function leanSigner(c: LeanCredentials): (method: string, url: string, query: Pairs) => string {
  const key = createSecretKey(Buffer.from(`${enc(c.consumerSecret)}&${enc(c.accessTokenSecret)}`));
  const ck = enc(c.consumerKey);
  const tk = enc(c.accessToken);
  return (method, url, query) => {
    const nonce = randomUUID().replaceAll("-", "");
    const ts = String(Math.floor(Date.now() / 1000));
    const pairs: Array<[string, string]> = [
      ["oauth_consumer_key", ck],
      ["oauth_nonce", nonce],
      ["oauth_signature_method", "HMAC-SHA256"],
      ["oauth_timestamp", ts],
      ["oauth_token", tk],
      ["oauth_version", "1.0"],
    ];
    if (query.length) {
      for (const [k, v] of query) pairs.push([enc(k), enc(v)]);
      pairs.sort((x, y) => natural(x[0], y[0]));
    }
    const params = pairs.map(([k, v]) => `${enc2(k)}%3D${enc2(v)}`).join("%26");
    const signature = createHmac("sha256", key)
      .update(`${method}&${enc(url)}&${params}`)
      .digest("base64");
    return (
      `OAuth oauth_consumer_key="${ck}", oauth_nonce="${nonce}", oauth_signature_method="HMAC-SHA256", ` +
      `oauth_timestamp="${ts}", oauth_token="${tk}", oauth_version="1.0", oauth_signature="${enc(signature)}"`
    );
  };
}

export const encodeQuery = (query: Pairs): string => query.map(([k, v]) => `${enc(k)}=${enc(v)}`).join("&");

/** GET {origin}{path}?{query} signed, body read as JSON. `connections` bounds the pool. */
export function leanClient(origin: string, c: LeanCredentials, connections: number) {
  const pool = new Pool(origin, { connections });
  const sign = leanSigner(c);
  return {
    async get(path: string, query: Pairs = []): Promise<{ status: number; data: unknown }> {
      const r = await pool.request({
        method: "GET",
        path: query.length ? `${path}?${encodeQuery(query)}` : path,
        headers: { authorization: sign("GET", origin + path, query), accept: "application/json" },
      });
      return { status: r.statusCode, data: await r.body.json() };
    },
    close: () => pool.close(),
  };
}
