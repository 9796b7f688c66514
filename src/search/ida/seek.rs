//! Seeking: moving an IDA* search to any event position without replaying from the start.
//!
//! An iteration depends on nothing but its threshold and the counters the earlier iterations
//! left, and its events are counted by its summary: one `iteration`, one `node` per visited
//! node, one `prune` per pruned child, one `backtrack` per visited node once its children are
//! done (the root's included), then one `raise`. So an iteration that ended in a raise spans
//! `2 + 2 × visited + pruned` events, and the position of any state follows from the summaries
//! of the earlier iterations and the current counters ([`IdaStar::position`]). A seek restarts
//! at the start of the iteration that holds the target (known from [`IdaStar::known`]) and
//! skips within it with the silent walk, in node budgets that cannot overshoot, finishing the
//! last few events with the stepper.

use super::{IdaStar, IterationSummary, Phase};
use crate::heuristic::Heuristic;
use crate::search::{Advance, Search, Status};

/// Below this many nodes of budget, a seek steps event by event rather than walk silently.
const MIN_WALK: u64 = 16;

/// The events of an iteration that ended in a raise.
fn span(summary: &IterationSummary) -> u64 {
    2 + 2 * summary.visited + summary.pruned
}

impl<H: Heuristic> IdaStar<H> {
    /// Events yielded so far: the position a seek to here would name.
    pub(super) fn position(&self) -> u64 {
        // Before its `iteration` event (phase Begin), the iteration after the last finished
        // one has yielded nothing; otherwise the current one is `iteration`, the last started.
        let earlier = if self.phase == Phase::Begin {
            self.finished.len()
        } else {
            self.iteration.saturating_sub(1) as usize
        };
        let before: u64 = self.finished.iter().take(earlier).map(span).sum();
        // Nodes still on the path have not backtracked (the goal's ancestors never do).
        let (visited, open) = (self.visited(), self.stack.len() as u64);
        let within = 1 + 2 * visited + self.pruned - open;
        before
            + match self.phase {
                Phase::Begin => 0,
                Phase::Root => 1,
                Phase::Done(Status::Solved) => within + 1,
                _ => within,
            }
    }

    /// Adds to [`IdaStar::known`] the iterations this run has raised beyond it: the runs of one
    /// search all raise the same iterations, so the longer list extends the shorter.
    pub(super) fn remember(&mut self) {
        let raised = self
            .finished
            .iter()
            .take_while(|s| s.next_threshold.is_some())
            .count();
        if raised > self.known.len() {
            let known = self.known.len();
            self.known.extend_from_slice(&self.finished[known..raised]);
        }
    }

    /// The state right after the `raise` of iteration `done` (0: the fresh search), as a
    /// search stepped there holds it; `done` ≤ `known.len()`.
    fn restart_after(&mut self, done: usize) {
        self.reset();
        let Some(last) = done.checked_sub(1).and_then(|i| self.known.get(i)).copied() else {
            return;
        };
        let Some(threshold) = last.next_threshold else {
            return;
        };
        let earlier = &self.known[..done];
        let ids: u64 = earlier.iter().map(|s| s.visited + s.pruned).sum();
        self.visited_before = earlier.iter().map(|s| s.visited).sum::<u64>() - last.visited;
        self.next_id = ids;
        self.iteration_start = ids - last.visited - last.pruned;
        self.pruned = last.pruned;
        self.iteration = last.iteration;
        self.threshold = threshold;
        self.next_threshold = threshold;
        self.finished.extend_from_slice(earlier);
    }

    /// [`Search::seek`]: see the module docs.
    pub(super) fn seek_to(&mut self, target: u64) -> u64 {
        self.remember();
        let here = self.position();
        if here == target {
            return here;
        }
        // The latest known iteration start at or before the target.
        let (mut done, mut start) = (0, 0);
        for summary in &self.known {
            let next = start + span(summary);
            if next > target {
                break;
            }
            (done, start) = (done + 1, next);
        }
        if target < here || start > here {
            self.restart_after(done);
        }
        loop {
            let here = self.position();
            if here >= target || matches!(self.phase, Phase::Done(_)) {
                return here;
            }
            // A budget of n ids yields at most 2n events (a node or prune each, and a
            // backtrack per node visited) plus a backtrack per node now open: never past the
            // target. Each walk covers at least half of what is left.
            let budget = (target - here).saturating_sub(self.stack.len() as u64) / 2;
            if self.phase == Phase::Expanding && budget >= MIN_WALK {
                self.expand_silently(self.next_id + budget);
            } else if self.step_one().is_none() {
                return self.position();
            }
        }
    }
}
