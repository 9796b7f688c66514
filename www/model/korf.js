// Korf's 100 random 15-puzzle instances, read from the data files (tests/data/korf100-*.txt: a
// line per instance, the optimal length then the 16 tiles; # starts a comment). The one JS
// reader: the benchmark page, the wasm benchmark and the tests use it.

/**
 * The instances of one file, in order (instance n is entry n − 1).
 * @param {string} text the file's text
 * @returns {number[][]} each instance as [optimal length, ...16 tiles]
 */
export function parseKorf(text) {
  return text.split('\n').filter((l) => l.trim() && !l.startsWith('#')).map((l) => l.trim().split(/\s+/).map(Number));
}
