//! Seeking: moving an IDA* search to any event position without replaying from the start.
//!
//! An iteration depends on nothing but its threshold and the counters the earlier iterations
//! left, and its events are counted by its summary: one `iteration`, one `node` per visited
//! node, one `prune` per pruned child, one `backtrack` per visited node once its children are
//! done (the root's included), then one `raise`. So an iteration that ended in a raise spans
//! `2 + 2 × visited + pruned` events, and the position of any state follows from the summaries
//! of the earlier iterations and the current counters ([`position`]). The search keeps the
//! summaries of every iteration it has ever raised (`IdaStar::known`), so a seek backwards, or
//! forwards past a known iteration start, restarts right after the raise that precedes the
//! target; from there (or from where it stands) it runs silently (the fast walk) in node
//! budgets that cannot overshoot, and steps the last few events.

use super::{IdaStar, IterationSummary, Phase};
use crate::heuristic::Heuristic;
use crate::search::{Search, Status};

/// Below this many nodes of budget, a seek steps event by event rather than walk silently.
const MIN_WALK: u64 = 16;

/// The events of an iteration that ended in a raise.
fn span(summary: &IterationSummary) -> u64 {
    2 + 2 * summary.visited + summary.pruned
}

/// What a seek reads of a search: plain numbers, so that the arithmetic below is compiled
/// once rather than once per heuristic (the module's size is budgeted).
#[derive(Clone, Copy)]
struct Place {
    phase: Phase,
    iteration: u32,
    /// Nodes visited in the current iteration.
    visited: u64,
    /// Children pruned in the current iteration.
    pruned: u64,
    /// Nodes on the path: visited, not yet backtracked.
    open: u64,
}

/// Events yielded at `place`, given the summaries of the finished iterations.
#[inline(never)]
fn position(finished: &[IterationSummary], place: Place) -> u64 {
    // Before its `iteration` event (phase Begin), the iteration after the last finished one
    // has yielded nothing; otherwise the current one is `iteration`, the last started.
    let earlier = if place.phase == Phase::Begin {
        finished.len()
    } else {
        place.iteration.saturating_sub(1) as usize
    };
    let before: u64 = finished.iter().take(earlier).map(span).sum();
    // Nodes still on the path have not backtracked (the goal's ancestors never do).
    let within = 1 + 2 * place.visited + place.pruned - place.open;
    before
        + match place.phase {
            Phase::Begin => 0,
            Phase::Root => 1,
            Phase::Done(Status::Solved) => within + 1,
            _ => within,
        }
}

/// Adds to `known` the iterations `finished` raised beyond it: the runs of one search all
/// raise the same iterations, so the longer list extends the shorter.
#[inline(never)]
fn remember(known: &mut Vec<IterationSummary>, finished: &[IterationSummary]) {
    let raised = finished
        .iter()
        .take_while(|s| s.next_threshold.is_some())
        .count();
    if let Some(new) = finished.get(known.len()..raised) {
        known.extend_from_slice(new);
    }
}

/// The counters right after the `raise` of the last of `earlier` (all raised iterations, the
/// first ones of the run), as a search stepped there holds them.
struct Restart {
    iteration: u32,
    threshold: u32,
    next_id: u64,
    iteration_start: u64,
    pruned: u64,
    visited_before: u64,
}

/// Where to restart for `target`: the iterations before the latest known start at or before
/// it, that start, and the counters there (`None`: the fresh search).
#[inline(never)]
fn restart_for(known: &[IterationSummary], target: u64) -> (usize, u64, Option<Restart>) {
    let (mut done, mut start) = (0, 0);
    for summary in known {
        let next = start + span(summary);
        if next > target {
            break;
        }
        (done, start) = (done + 1, next);
    }
    let earlier = &known[..done.min(known.len())];
    let restart = earlier.last().and_then(|last| {
        let ids: u64 = earlier.iter().map(|s| s.visited + s.pruned).sum();
        Some(Restart {
            iteration: last.iteration,
            threshold: last.next_threshold?,
            next_id: ids,
            iteration_start: ids - last.visited - last.pruned,
            pruned: last.pruned,
            visited_before: earlier.iter().map(|s| s.visited).sum::<u64>() - last.visited,
        })
    });
    (done, start, restart)
}

/// What a seek reads and writes of a search beyond [`Search`]: the loop below is compiled
/// once, not once per heuristic, and reaches the search through these few calls.
trait Seeker: Search {
    /// Where the search stands, and the summaries of its finished iterations.
    fn place(&self) -> (Place, &[IterationSummary]);
    /// The table of known iterations, and the finished ones.
    fn tables(&mut self) -> (&mut Vec<IterationSummary>, &[IterationSummary]);
    /// From the fresh search to the state `restart` describes, after the first `done` known
    /// iterations.
    fn restart(&mut self, done: usize, restart: &Restart);
}

/// [`Search::seek`] of IDA*: see the module docs.
#[inline(never)]
fn seek(search: &mut dyn Seeker, target: u64) -> u64 {
    let (known, finished) = search.tables();
    remember(known, finished);
    let here = position_of(search);
    if here == target {
        return here;
    }
    let (done, start, restart) = restart_for(search.tables().0, target);
    if target < here || start > here {
        search.reset();
        if let Some(restart) = &restart {
            search.restart(done, restart);
        }
    }
    loop {
        let here = position_of(search);
        let (place, _) = search.place();
        if here >= target || matches!(place.phase, Phase::Done(_)) {
            return here;
        }
        // A silent run of n ids yields at most 3n + 3 events plus a backtrack per node now
        // open: 2 per id (a node and its backtrack, or a prune), and 2 per iteration it
        // crosses (`raise`, `iteration`), which is at most n / 2 + 1 (an iteration that
        // raises has a root and a pruned child), and `solved`. So it stops short of the
        // target, never on it: a run stopped by its budget right after a `node` has already
        // goal-tested that node, which a search stepped there has not (its `expanded`
        // differs), so the last event is always the stepper's. Each run covers at least a
        // third of what is left.
        let budget = (target - here).saturating_sub(place.open + 4) / 3;
        if budget >= MIN_WALK {
            search.run(Some(budget));
        } else if search.step().is_none() {
            return position_of(search);
        }
    }
}

/// The events `search` has yielded so far.
fn position_of(search: &dyn Seeker) -> u64 {
    let (place, finished) = search.place();
    position(finished, place)
}

impl<H: Heuristic> Seeker for IdaStar<H> {
    fn place(&self) -> (Place, &[IterationSummary]) {
        let place = Place {
            phase: self.phase,
            iteration: self.iteration,
            visited: self.visited(),
            pruned: self.pruned,
            open: self.stack.len() as u64,
        };
        (place, &self.finished)
    }

    fn tables(&mut self) -> (&mut Vec<IterationSummary>, &[IterationSummary]) {
        (&mut self.known, &self.finished)
    }

    fn restart(&mut self, done: usize, r: &Restart) {
        self.finished.extend_from_slice(&self.known[..done]);
        self.iteration = r.iteration;
        self.threshold = r.threshold;
        self.next_threshold = r.threshold;
        self.next_id = r.next_id;
        self.iteration_start = r.iteration_start;
        self.pruned = r.pruned;
        self.visited_before = r.visited_before;
    }
}

impl<H: Heuristic> IdaStar<H> {
    /// Adds the iterations this run has raised to [`IdaStar::known`].
    pub(super) fn remember(&mut self) {
        remember(&mut self.known, &self.finished);
    }

    /// [`Search::iteration_start`]: the spans of the iterations before the last event's.
    pub(super) fn last_iteration_start(&self) -> u64 {
        let (place, finished) = self.place();
        // Between iterations (phase Begin) the last event was the raise of the last finished one.
        let earlier = if place.phase == Phase::Begin {
            finished.len().saturating_sub(1)
        } else {
            place.iteration.saturating_sub(1) as usize
        };
        finished.iter().take(earlier).map(span).sum()
    }

    /// [`Search::iteration_position`]: the spans of the raised iterations before it, from the
    /// longer of the two lists that hold them (this run's, and every run's so far).
    pub(super) fn iteration_position(&self, iteration: u32) -> Option<u64> {
        let before = usize::try_from(iteration).ok()?.checked_sub(1)?;
        let raised = |list: &[IterationSummary]| {
            list.iter()
                .take_while(|s| s.next_threshold.is_some())
                .count()
        };
        let table = if raised(&self.finished) > raised(&self.known) {
            &self.finished
        } else {
            &self.known
        };
        (before <= raised(table)).then(|| table.iter().take(before).map(span).sum())
    }

    /// [`Search::seek`]: see the module docs.
    pub(super) fn seek_to(&mut self, target: u64) -> u64 {
        seek(self, target)
    }
}
