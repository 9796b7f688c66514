// Korf's instances as the JS side reads them (www/model/korf.js): the data file, and the
// instance numbers a user names on the benchmark page or a bench's command line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseKorf, instanceNumbers } from '../../www/model/korf.js';

test('the data file: 100 instances, each its optimal length and 16 distinct tiles', () => {
  const korf = parseKorf(readFileSync(new URL('../data/korf100-blank-last.txt', import.meta.url), 'utf8'));
  assert.equal(korf.length, 100);
  for (const [optimal, ...tiles] of korf) {
    assert.ok(optimal >= 41 && optimal <= 66, String(optimal));
    assert.deepEqual([...tiles].sort((a, b) => a - b), Array.from({ length: 16 }, (_, i) => i));
  }
});

test('instance numbers: all, or a list; anything else a message naming the entry', () => {
  assert.deepEqual(instanceNumbers('all', 4), [1, 2, 3, 4]);
  assert.deepEqual(instanceNumbers('2, 5,18', 100), [2, 5, 18]);
  for (const [spec, entry] of [['3,abc', '"abc"'], ['0', '"0"'], ['101', '"101"'], ['5,,6', 'an empty entry'], ['1.5', '"1.5"'], ['', 'an empty entry'], ['-1', '"-1"']]) {
    assert.equal(instanceNumbers(spec, 100), `Instances: ${entry} is not one of Korf's instance numbers (1 to 100); write them like 2,5,18 or all.`, spec);
  }
});
