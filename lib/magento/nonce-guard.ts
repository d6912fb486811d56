/** Wraps a nonce source so that no nonce is ever used twice by one client (the store consumes it even on failure). */
const REMEMBER = 4096;

export function guardedNonce(source: () => string): () => string {
  const recent = new Set<string>();
  return () => {
    const n = source();
    if (!/^[0-9A-Za-z]{8,64}$/.test(n)) throw new Error("nonce source returned an unusable nonce (want [0-9a-z], 32 chars)");
    if (recent.has(n)) throw new Error("nonce source repeated a nonce: the store rejects reused nonces");
    recent.add(n);
    if (recent.size > REMEMBER) recent.delete(recent.values().next().value as string);
    return n;
  };
}
