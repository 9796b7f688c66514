// What the browser benches share: their command-line options and Korf's instances.
import { readFileSync } from 'node:fs';
import { parseKorf, instanceNumbers as parseNumbers } from '../www/model/korf.js';

const args = process.argv.slice(2);

/** The value after `--name` on the command line, else `fallback`. */
export const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);

/** Whether `--name` is on the command line. */
export const flag = (name) => args.includes(name);

/**
 * The whole number after `--name` (else `fallback`), from `min` to `max`. Anything else ends
 * the bench with exit code 2 and says why.
 */
export function wholeNumber(name, fallback, min = 1, max = Number.MAX_SAFE_INTEGER) {
  const text = option(name, String(fallback));
  const value = /^\d+$/.test(text ?? '') ? Number(text) : NaN;
  if (!(value >= min && value <= max)) {
    const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `from ${min} to ${max}`;
    console.error(`${name} wants a whole number, ${range}, not "${text ?? ''}"`);
    process.exit(2);
  }
  return value;
}

/** Korf's 100 with the blank-last goal: [optimal length, …16 tiles] each. */
export const korf = parseKorf(readFileSync(new URL('../tests/data/korf100-blank-last.txt', import.meta.url), 'utf8'));

/**
 * The instance numbers `spec` names: `all`, or a list like 1,2,3 (www/model/korf.js). Anything
 * else ends the bench with exit code 2 and says why.
 * @param {string} spec
 * @returns {number[]}
 */
export function instanceNumbers(spec) {
  const numbers = parseNumbers(String(spec), korf.length);
  if (typeof numbers === 'string') {
    console.error(numbers);
    process.exit(2);
  }
  return numbers;
}

/**
 * The middle one of `values` (of an even count, the lower of the two): one of the values
 * measured, so that a bench can say which round it stands for.
 * @param {number[]} values
 */
export const median = (values) => [...values].sort((a, b) => a - b)[(values.length - 1) >> 1];
