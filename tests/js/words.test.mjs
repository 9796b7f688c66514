// The vocabulary module: English counts, and a glossary entry for every counter the panels show.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GLOSSARY, count, moveWords, duration, number, powerOfTen } from '../../www/model/words.js';

test('counts read as English', () => {
  assert.equal(count(0, 'node'), '0 nodes');
  assert.equal(count(1, 'node'), '1 node');
  assert.equal(count(2581, 'node'), '2,581 nodes');
  assert.equal(count(1, 'reached state'), '1 reached state');
  assert.equal(count(3, 'entry', 'entries'), '3 entries');
});

test('numbers are grouped in thousands, and a log axis labels its powers of ten with superscripts', () => {
  assert.equal(number(1234567), '1,234,567');
  assert.equal(number(0.5), '0.5');
  assert.deepEqual([0, 1, 6, 10, 12].map(powerOfTen), ['10⁰', '10¹', '10⁶', '10¹⁰', '10¹²']);
});

test('a wall time reads in seconds, and in milliseconds under a tenth of a second', () => {
  assert.equal(duration(2.345), '2.35 s');
  assert.equal(duration(0.1), '0.10 s');
  assert.equal(duration(0.0994), '99.4 ms');
  assert.equal(duration(0.00042), '0.4 ms');
  assert.equal(duration(0), '0.0 ms');
});

test('every counter the panels show has one entry in the glossary', () => {
  const terms = GLOSSARY.map(([term]) => term);
  assert.equal(new Set(terms).size, terms.length, 'one entry per term');
  for (const term of ['g', 'h', 'f = g + h', 'threshold (t)', 'iteration', 'visited', 'pruned', 'expanded', 'generated', 'nodes', 'reached', 'frontier']) {
    assert.ok(terms.includes(term), term);
  }
});

test('moveWords spells a move order in words', () => {
  assert.equal(moveWords('lrud'), 'left, right, up, down');
  assert.equal(moveWords('udlr'), 'up, down, left, right');
});
