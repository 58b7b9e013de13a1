// Seeded randomness for the simulated feed and the demo history. Math.random cannot be seeded,
// and reproducible prices (same seed → same path) are what make the demo and the tests stable.

/** mulberry32: a 32-bit-state PRNG, uniform in [0, 1). Fast and good enough for simulated prices. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a over the string's UTF-16 code units, mixed with a seed: one 32-bit stream id per (seed, text). */
export function hashSeed(seed: number, text: string): number {
  let hash = (0x811c9dc5 ^ (seed >>> 0)) >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  // A final avalanche so that seeds 1 and 2 do not give neighbouring states.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x7feb352d) >>> 0;
  hash ^= hash >>> 15;
  return hash >>> 0;
}

/** The PRNG stream of one purpose ("ticks", "minutes" …) of one symbol under a seed. */
export function streamFor(seed: number, symbolCode: string, purpose: string): () => number {
  return mulberry32(hashSeed(seed, `${symbolCode.toUpperCase()}#${purpose}`));
}

/**
 * A standard normal draw (Box-Muller). Always consumes exactly two uniforms, so a stream's
 * n-th draw does not depend on how earlier draws were used.
 */
export function standardNormal(random: () => number): number {
  // 1 - u keeps the logarithm's argument in (0, 1].
  const u1 = 1 - random();
  const u2 = random();
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}
