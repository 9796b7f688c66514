// Korf's 100 random 15-puzzle instances, read from the data files (tests/data/korf100-*.txt: a
// line per instance, the optimal length then the 16 tiles; # starts a comment), and the
// instance numbers a user names. The one JS reader: the benchmark page, the benches and the
// tests use it.

/**
 * The instances of one file, in order (instance n is entry n − 1).
 * @param {string} text the file's text
 * @returns {number[][]} each instance as [optimal length, ...16 tiles]
 */
export function parseKorf(text) {
  return text.split('\n').filter((l) => l.trim() && !l.startsWith('#')).map((l) => l.trim().split(/\s+/).map(Number));
}

/**
 * The instance numbers `spec` names (`all`, or a list like 2,5,18) among `count` instances, or
 * the message that says which entry is not one.
 * @param {string} spec
 * @param {number} count
 * @returns {number[] | string}
 */
export function instanceNumbers(spec, count) {
  if (spec === 'all') return Array.from({ length: count }, (_, i) => i + 1);
  const entries = spec.split(',').map((n) => n.trim());
  const bad = entries.find((n) => !/^\d+$/.test(n) || Number(n) < 1 || Number(n) > count);
  if (bad !== undefined) {
    return `Instances: ${bad === '' ? 'an empty entry' : `"${bad}"`} is not one of Korf's instance numbers (1 to ${count}); write them like 2,5,18 or all.`;
  }
  return entries.map(Number);
}
