//! The whole run of IDA* in counts: per iteration, the nodes it visited and pruned at each
//! depth, and how many of its visited nodes are new, i.e. not visited by the iteration before.
//!
//! IDA* repeats, in every iteration, all of the previous one's tree: a node is visited in
//! iteration k when its f ≤ threshold k (and its ancestors' too), and with a consistent
//! heuristic (f never decreases along a path, as with all of this crate's) the nodes visited in
//! iteration k-1 are exactly those of iteration k with f ≤ threshold k-1. So the new part of an
//! iteration is its visited nodes with f in (threshold k-1, threshold k]: what the
//! [`RunProfile`] counts, event by event, with no list of nodes (a 15-puzzle run of millions of
//! nodes keeps a few hundred numbers). The first iteration is all new.

use crate::error::Error;
use crate::search::{Algorithm, Report, Search, Status};
use crate::trace::Event;
use serde::Serialize;

/// One iteration of a run, in counts (its depths are the nodes' g, from 0 at the start).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct IterationProfile {
    /// 1-based.
    pub iteration: u32,
    /// The iteration's f bound.
    pub threshold: u32,
    /// Nodes visited (f ≤ threshold).
    pub visited: u64,
    /// Children pruned (f > threshold).
    pub pruned: u64,
    /// Visited nodes the previous iteration did not visit (f above its threshold); all of the
    /// first iteration's.
    pub new: u64,
    /// The next threshold, once the iteration ended in a raise.
    pub next_threshold: Option<u32>,
    /// Events yielded by the run up to this iteration's last one so far (its `raise` or
    /// `solved` once it has ended): a seek to this position shows the iteration whole.
    pub end: u64,
    /// `visited_by_depth[g]`: the nodes visited at depth g.
    pub visited_by_depth: Vec<u64>,
    /// `new_by_depth[g]`: the new ones among them.
    pub new_by_depth: Vec<u64>,
    /// `pruned_by_depth[g]`: the children pruned at depth g.
    pub pruned_by_depth: Vec<u64>,
}

/// Adds one at `depth`, growing the row as needed.
fn bump(row: &mut Vec<u64>, depth: u32) {
    let depth = depth as usize;
    if row.len() <= depth {
        row.resize(depth + 1, 0);
    }
    row[depth] += 1;
}

/// IDA*'s iterations so far, in counts, built from its trace events ([`RunProfile::observe`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct RunProfile {
    /// One entry per iteration started so far (the last one may be in progress).
    pub iterations: Vec<IterationProfile>,
    /// The solution's length once the goal was visited.
    pub length: Option<u32>,
    /// Events observed so far.
    pub events: u64,
}

impl RunProfile {
    /// Counts one event of an IDA* run, in the order the search yields them.
    pub fn observe(&mut self, event: &Event) {
        self.events += 1;
        match event {
            Event::Iteration(e) => self.iterations.push(IterationProfile {
                iteration: e.iteration,
                threshold: e.threshold,
                ..IterationProfile::default()
            }),
            Event::Node(node) => {
                let previous = self.previous_threshold();
                if let Some(it) = self.iterations.last_mut() {
                    it.visited += 1;
                    bump(&mut it.visited_by_depth, node.g);
                    if it.new_by_depth.len() < it.visited_by_depth.len() {
                        it.new_by_depth.resize(it.visited_by_depth.len(), 0);
                    }
                    if previous.is_none_or(|t| node.f > t) {
                        it.new += 1;
                        bump(&mut it.new_by_depth, node.g);
                    }
                }
            }
            Event::Prune(prune) => {
                if let Some(it) = self.iterations.last_mut() {
                    it.pruned += 1;
                    bump(&mut it.pruned_by_depth, prune.g);
                }
            }
            Event::Raise(raise) => {
                if let Some(it) = self.iterations.last_mut() {
                    it.next_threshold = Some(raise.to);
                }
            }
            Event::Solved(solved) => self.length = Some(solved.length),
            _ => {}
        }
        if let Some(it) = self.iterations.last_mut() {
            it.end = self.events;
        }
    }

    /// The threshold of the iteration before the current one.
    fn previous_threshold(&self) -> Option<u32> {
        let n = self.iterations.len();
        (n >= 2).then(|| self.iterations[n - 2].threshold)
    }

    /// Nodes visited by every iteration so far: the whole run's cost.
    pub fn visited(&self) -> u64 {
        self.iterations.iter().map(|it| it.visited).sum()
    }
}

/// IDA* run to the end (or in slices of a node budget) while its [`RunProfile`] is counted.
pub struct Profiler {
    search: Box<dyn Search>,
    profile: RunProfile,
}

impl Profiler {
    /// Profiles `search`, an IDA* search not yet stepped; any other algorithm is refused (only
    /// IDA* has iterations).
    pub fn new(search: Box<dyn Search>) -> Result<Profiler, Error> {
        if search.algorithm() != Algorithm::Ida {
            return Err(Error::InvalidOption(format!(
                "the whole run is IDA*'s iterations: {} has none",
                search.algorithm().title()
            )));
        }
        let mut search = search;
        search.reset();
        Ok(Profiler {
            search,
            profile: RunProfile::default(),
        })
    }

    /// Runs until the search finishes or `max_nodes` more nodes were created; it resumes
    /// exactly there.
    pub fn run(&mut self, max_nodes: Option<u64>) -> Status {
        let profile = &mut self.profile;
        self.search.run_traced(max_nodes, &mut |event| {
            profile.observe(&event);
            false
        })
    }

    /// The counts so far.
    pub fn profile(&self) -> &RunProfile {
        &self.profile
    }

    /// The search's own report (its per-iteration summaries and counters).
    pub fn report(&self) -> Report {
        self.search.report()
    }

    /// Where the search stands.
    pub fn status(&self) -> Status {
        self.search.status()
    }
}
