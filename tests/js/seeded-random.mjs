// A seeded generator for the tests' random inputs (mulberry32): the same inputs on every run
// of a seed. Not a test file: the tests import it.

/** A function returning numbers in [0, 1), the same sequence for the same `seed`. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
