// The live region's rate limit: routine narration keeps only the latest, important
// announcements (Reset, a raise, the solution) are all spoken in order, none dropped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Announcer } from '../../www/views/announcer.js';

/** An announcer on a fake clock: `advance(ms)` runs the timers that fall due. */
function rig(interval = 1000) {
  let now = 0;
  let timers = [];
  const spoken = [];
  const fake = {
    setTimeout: (fn, ms) => { const id = timers.length + 1; timers.push({ id, at: now + ms, fn }); return id; },
    clearTimeout: (id) => { timers = timers.filter((t) => t.id !== id); },
  };
  const announcer = new Announcer((text) => spoken.push([now, text]), { interval, clock: () => now, timers: fake });
  const advance = (ms) => {
    const end = now + ms;
    for (;;) {
      const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((t) => t !== due);
      now = due.at;
      due.fn();
    }
    now = end;
  };
  return { announcer, spoken, advance };
}

test('routine narration: at most one per interval, the latest wins', () => {
  const { announcer, spoken, advance } = rig();
  announcer.say('a');
  announcer.say('b');
  announcer.say('c');
  advance(5000);
  assert.deepEqual(spoken, [[0, 'a'], [1000, 'c']]);
});

test('important announcements are never dropped, and come before routine narration', () => {
  const { announcer, spoken, advance } = rig();
  announcer.say('step 1');
  announcer.say('Reset', { important: true });
  announcer.say('step 2');
  announcer.say('raised to 19', { important: true, key: 'raise' });
  announcer.say('Solved', { important: true });
  announcer.say('step 3');
  advance(10000);
  assert.deepEqual(spoken.map(([, text]) => text), ['step 1', 'Reset', 'raised to 19', 'Solved', 'step 3']);
  // Spaced by the interval.
  assert.deepEqual(spoken.map(([at]) => at), [0, 1000, 2000, 3000, 4000]);
});

test('a run of raises with one key says the latest, not each one', () => {
  const { announcer, spoken, advance } = rig();
  announcer.say('Reset', { important: true });
  for (let t = 19; t <= 27; t += 2) announcer.say(`raised to ${t}`, { important: true, key: 'raise' });
  announcer.say('Solved', { important: true });
  advance(10000);
  assert.deepEqual(spoken.map(([, text]) => text), ['Reset', 'raised to 27', 'Solved']);
});

test('cancel forgets what is pending', () => {
  const { announcer, spoken, advance } = rig();
  announcer.say('first');
  announcer.say('Reset', { important: true });
  announcer.cancel();
  advance(5000);
  assert.deepEqual(spoken.map(([, text]) => text), ['first']);
});
