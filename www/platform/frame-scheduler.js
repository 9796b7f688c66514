// One loop for every widget on the page, so that the page's work per frame stays bounded
// however many widgets run. Each animation frame redraws the views that changed, oldest change
// first, within DRAW_BUDGET_MS and MAX_DRAWS (the rest go first in the next frame: the
// browser's layout and paint grow with each redrawn view); then one task right after the frame
// lets the streaming widgets draw their events into their views within the feed budget,
// taking turns: each gets an equal share of what is left, and the one the budget stopped at
// goes first next time, so every widget advances. The feed budget shrinks while frames come
// late (a loaded machine, a heavy page) and grows back when they are on time, so the page keeps
// its frame rate and the streams draw fewer events instead.
//
// Widgets register only while they have something to do and unregister when they stop or are
// removed: nothing here keeps a removed widget alive.

const DRAW_BUDGET_MS = 8;
const MAX_DRAWS = 8;         // views redrawn per frame at most
const FEED_BUDGET_MS = 6;    // with the draws: about half of a 60 Hz frame, whatever the number of widgets
const MIN_FEED_BUDGET_MS = 1.5;
const LATE_FRAME_MS = 24;    // a frame this long after the last one missed a 60 Hz refresh

const draws = new Set();    // callbacks for the next frame, in the order they were asked for
let feeds = [];             // (deadline) => void, one per streaming widget
let turn = 0;               // the feed that goes first in the next task
let frame = 0;
let lastFrame = 0;
let feedBudget = FEED_BUDGET_MS;
let afterFrame = null;      // a MessageChannel: the task right after the frame, with no timer clamp

function run(callback, ...args) {
  try {
    callback(...args);
  } catch (error) {
    // One widget's failure must not stop the others' drawing: report it as uncaught.
    setTimeout(() => { throw error; });
  }
}

function request() {
  if (!frame && (draws.size > 0 || feeds.length > 0)) frame = requestAnimationFrame(onFrame);
}

function onFrame(now) {
  frame = 0;
  const gap = now - lastFrame;
  lastFrame = now;
  // Gaps over 100 ms are idle time or a hidden page, not a slow frame.
  if (gap < 100) feedBudget = gap > LATE_FRAME_MS ? Math.max(MIN_FEED_BUDGET_MS, feedBudget * 0.75) : Math.min(FEED_BUDGET_MS, feedBudget + 0.25);
  const deadline = performance.now() + DRAW_BUDGET_MS;
  let drawn = 0;
  for (const draw of [...draws]) {
    if (drawn > 0 && (drawn >= MAX_DRAWS || performance.now() >= deadline)) break;
    if (!draws.delete(draw)) continue; // cancelled by an earlier draw
    run(draw);
    drawn += 1;
  }
  if (feeds.length > 0) {
    if (!afterFrame) {
      afterFrame = new MessageChannel();
      afterFrame.port1.onmessage = onFeeds;
    }
    afterFrame.port2.postMessage(null);
  }
  request();
}

function onFeeds() {
  const list = feeds;
  const n = list.length;
  if (n === 0) return;
  const end = performance.now() + feedBudget;
  const first = turn % n;
  let served = 0;
  for (; served < n; served += 1) {
    const now = performance.now();
    if (served > 0 && now >= end) break;
    const feed = list[(first + served) % n];
    if (feeds.includes(feed)) run(feed, now + Math.max(0, end - now) / (n - served));
  }
  // Stopped by the budget: the next one goes first next time; all served: the order rotates.
  turn = first + (served < n ? served : 1);
  request();
}

/** Runs `callback` once in the next animation frame (within the frames' drawing budget); asking again before then changes nothing. */
export function draw(callback) {
  draws.add(callback);
  request();
}

/** Forgets a `draw` not yet run. */
export function cancelDraw(callback) {
  draws.delete(callback);
}

/**
 * Calls `feed(deadline)` once per frame, right after it, until `removeFeed(feed)`: it draws
 * what it has until `performance.now()` reaches `deadline` (at least one small piece).
 */
export function addFeed(feed) {
  if (!feeds.includes(feed)) feeds = [...feeds, feed];
  request();
}

export function removeFeed(feed) {
  feeds = feeds.filter((f) => f !== feed);
  if (feeds.length === 0 && afterFrame) {
    // Closed while idle, so the page holds no open port for widgets that are done.
    afterFrame.port1.close();
    afterFrame = null;
  }
}
