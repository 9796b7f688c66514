//! Parallel IDA* in work packets (AIDA*-style), without threads of its own: the same search,
//! node for node, split so that any number of workers can share each iteration.
//!
//! Each iteration with threshold t starts with a search of the top of the tree
//! ([`ParallelIda`], "the split"): the same children in the same move order, the same pruning
//! (f > t), the same goal test on visited nodes, never the reverse move, down to a split depth
//! d, deepened level by level with every count placed where the depth-first search has it.
//! Every node it visits at depth d becomes a [`Packet`] (its path from the start), numbered in
//! depth-first order. A worker ([`PacketSearcher`]) searches the subtree
//! below a packet's node with the same threshold, g counting on from d, and reports what the
//! whole search would have counted there ([`PacketResult`]). The coordinator adds the counts
//! up in depth-first order, so each iteration's summary is the sequential search's:
//!
//! - no packet solved: the split's counts plus every packet's; the next threshold is the
//!   smallest pruned f of all;
//! - packet s solved first (in depth-first order): the split's counts before s, the packets
//!   before s and s itself up to its goal, and s's solution, which is the sequential search's
//!   (the first in move order). Packets after s are unnecessary ([`ParallelIda::needed`]);
//! - the split itself visited the goal: it stops there, and that goal comes after all of its
//!   packets.
//!
//! Results are accepted in any order. The native driver is [`ida_star_parallel`] (threads);
//! the browser's pool of workers drives the same objects through the wasm bindings.

mod hand_over;
mod team;
#[cfg(not(target_arch = "wasm32"))]
mod threads;

pub use hand_over::{HandOver, Underway};
pub use team::{Helped, Leading, Team, TeamLoad, TeamProgress, TeamRun, WORTH_SPLITTING_TEAM};

#[cfg(not(target_arch = "wasm32"))]
pub use threads::{ida_star_parallel, ida_star_parallel_while, Balance, WorkerLoad};

use super::ida::{max_threshold, packet_engine, PacketEngine, SubtreeEnd};
use super::{IdaProgress, IterationSummary, Progress, Report, Status};
use crate::board::{Board, Direction, Goal, MoveOrder, Tiles};
use crate::error::Error;
use crate::heuristic::{AnyHeuristic, Heuristic, HeuristicChoice, HeuristicKind, SlidingBoard};
use serde::Serialize;

/// The split's heuristic state.
type State = <AnyHeuristic as Heuristic>::State;

/// Packets the split aims at per worker: enough that the packets left at the end of an
/// iteration are small beside the iteration, and that the packets before a solving one keep
/// every worker busy.
pub const PACKETS_PER_WORKER: usize = 64;

/// Nodes (visited + pruned) a packet of a small iteration is sized for: an iteration predicted
/// to have fewer than [`PACKETS_PER_WORKER`] such packets per worker is split into fewer, as
/// each packet costs its start (its board and heuristic made again) and its result, and the
/// split itself costs its levels (a few hundred nodes, each looked up in the tables cold: 0.1
/// to 0.3 ms for 128 packets). Measured with 2 workers on Korf's 100 with pdb (`node
/// benches/per-instance.mjs --rounds 5`, the workers alone against one sequential worker): at
/// 512 nodes 0.73× on the searches under 1 ms, 1.37× on those of 1–10 ms (slower on 10 of 43,
/// by at most 38 %), 1.74× on those of 10–100 ms; at 2,048 nodes 0.77×, 1.42× (slower on 7 of
/// 42, by at most 14 %) and 1.78×.
pub const PACKET_NODES: u64 = 2048;

/// The fewest packets per worker a split aims at, however small the iteration.
pub const FEWEST_PACKETS_PER_WORKER: usize = 8;

/// The most workers (threads or browser workers) a parallel search is sized for.
pub const MAX_WORKERS: u32 = 256;

/// The deepest split: a fixed split depth is capped here, and the chosen one stays below it.
pub const MAX_SPLIT_DEPTH: u32 = 64;

/// The split stops deepening once its own part of the tree has this many nodes: the rest of
/// an iteration that small is no work worth sharing.
const SPLIT_NODES: u64 = 1 << 16;

/// Nodes a packet search runs between two looks at whether it is still needed: a packet after
/// one that solved is given up within this many (tens of microseconds), not run to its end
/// while the iteration's other workers wait for it.
pub const NEEDED_EVERY: u64 = 1 << 12;

/// The adaptive split's default ([`ParallelIda::adaptive`]): an iteration predicted to make
/// fewer nodes (visited + pruned) than this runs whole, as one packet. In the browser a split
/// iteration costs more than its messages: the other worker's copy of the pattern databases
/// is cold in the cache, and two copies share it, so each worker searches slower for the
/// first milliseconds. Measured on Korf's 100 with pdb (`node benches/wasm-bench.mjs
/// --heuristic pdb --instances all --workers 2 --repeat 2`): at half a million nodes (20–40
/// ms there) the instances of 1–10 ms ran at 0.67–0.72× the sequential search and 77–80 of
/// the 100 were slower; at two million, 0.96–0.97× and 56–57, the largest unchanged.
pub const WORTH_SPLITTING: u64 = 1 << 21;

/// [`WORTH_SPLITTING`] where the workers share one copy of the pattern databases (the module
/// built with shared memory, on a cross-origin isolated page): a split then costs its messages
/// and little else, so smaller iterations are worth splitting. Measured on Korf's 100 with pdb
/// on 2 workers (`node benches/wasm-bench.mjs --heuristic pdb --instances all --workers 2
/// --repeat 3`, two rounds beside the build with a copy per worker at [`WORTH_SPLITTING`]):
/// 2.35–2.62 s against 2.69–3.02 s, the ten hardest 1.57–1.63× the sequential search against
/// 1.34–1.48×. At twice this many nodes (two rounds each, the same command) the totals were
/// alike, 2.60–2.68 s against 2.47–2.72 s, the ten hardest 1.48–1.51× against 1.54–1.63×.
pub const WORTH_SPLITTING_SHARED: u64 = 1 << 19;

/// The growth from one iteration to the next assumed while only one iteration is known (the
/// 15-puzzle's thresholds step by 2, and with Manhattan or pdb an iteration has 4 to 10 times
/// the nodes of the one before).
const FIRST_GROWTH: f64 = 4.0;

/// One subtree of an iteration: the node reached by sliding `path` from the start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct Packet {
    /// Its place in the iteration's depth-first order, from 0.
    pub index: u32,
    /// The tiles slid from the start to the packet's node (never undoing a move).
    pub path: Vec<u8>,
}

/// What a worker is given: a packet of an iteration with its threshold.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct PacketTask {
    /// The iteration, 1-based.
    pub iteration: u32,
    /// The iteration's threshold.
    pub threshold: u32,
    /// The packet.
    pub packet: Packet,
}

/// What [`ParallelIda::search_whole`] searched: the iterations, the last one's threshold,
/// their nodes (visited + pruned) and the children they generated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WholeSearched {
    /// Iterations searched whole.
    pub iterations: u32,
    /// The threshold of the last of them (0 when none).
    pub threshold: u32,
    /// Their nodes, visited and pruned.
    pub nodes: u64,
    /// The children they generated.
    pub generated: u64,
}

/// What [`ParallelIda::search_ahead`] searched of the current iteration.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AheadSearched {
    /// Packets searched, each taken as [`ParallelIda::accept`] takes a result.
    pub packets: u32,
    /// Their nodes, visited and pruned.
    pub nodes: u64,
    /// The children they generated.
    pub generated: u64,
    /// The index after the last packet it searched: a driver hands out the rest from here.
    pub next: u32,
    /// Whether that completed the iteration (the next one, or the end, is now current).
    pub complete: bool,
}

/// An iteration's packets, as a driver hands them out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct ParallelIteration {
    /// The iteration, 1-based.
    pub iteration: u32,
    /// Its threshold.
    pub threshold: u32,
    /// Its packets in depth-first order (`packets[i].index == i`); never none (an iteration
    /// the split did whole is closed at once).
    pub packets: Vec<Packet>,
    /// The nodes (visited + pruned) it was predicted to have, from the iterations before
    /// ([`ParallelIda::predicted_nodes`]); `None` for the first. The last iteration often
    /// finds the goal long before that: a driver may start it in one worker.
    pub predicted: Option<u64>,
}

impl ParallelIteration {
    /// The packets as tasks, in order.
    pub fn tasks(&self) -> impl Iterator<Item = PacketTask> + '_ {
        self.packets.iter().map(|packet| PacketTask {
            iteration: self.iteration,
            threshold: self.threshold,
            packet: packet.clone(),
        })
    }
}

/// What searching a packet's subtree counted: what the whole search counts there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct PacketResult {
    /// The packet's iteration.
    pub iteration: u32,
    /// The packet's index.
    pub index: u32,
    /// Nodes visited in the subtree (its root included), up to the goal when solved.
    pub visited: u64,
    /// Children pruned in the subtree.
    pub pruned: u64,
    /// The smallest f pruned in the subtree, when it ended without the goal.
    pub next_threshold: Option<u32>,
    /// The tiles slid from the start to the goal, when the subtree holds it (the first in
    /// move order).
    pub solution: Option<Vec<u8>>,
    /// Children generated in the subtree (visited + pruned − 1): the worker's share of the
    /// work, for balance reports.
    pub generated: u64,
}

/// Nodes visited and children pruned.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Counts {
    visited: u64,
    pruned: u64,
}

impl Counts {
    fn add(self, result: &PacketResult) -> Counts {
        // Saturating: `accept` checks a result's own counts, not what they add up to.
        Counts {
            visited: self.visited.saturating_add(result.visited),
            pruned: self.pruned.saturating_add(result.pruned),
        }
    }
}

/// The current iteration: its split and the results so far.
#[derive(Clone, Debug)]
struct Current {
    packets: Vec<Packet>,
    /// `before[i]`: the split's counts that come before packet i in depth-first order.
    before: Vec<Counts>,
    /// The split's counts, all of them.
    split: Counts,
    /// The smallest f the split pruned (`u32::MAX`: none).
    split_next: u32,
    /// The goal, when the split visited it: its path and the split's counts up to it (the
    /// goal's visit included). It comes after every packet.
    split_goal: Option<(Vec<u8>, Counts)>,
    results: Vec<Option<PacketResult>>,
    /// The first solved packet so far; `packets.len()` for the split's own goal.
    solved_at: Option<usize>,
    /// Packets 0..done all have results.
    done: usize,
}

impl Current {
    /// Packets up to here (exclusive) are the ones the iteration needs.
    fn end(&self) -> usize {
        self.solved_at.unwrap_or(self.packets.len())
    }

    /// Nodes of the split (visited + pruned).
    fn size(&self) -> u64 {
        self.split.visited + self.split.pruned
    }

    /// Every packet the iteration needs has its result (a solving packet's came with it).
    fn complete(&self) -> bool {
        self.done >= self.end()
    }

    /// The counts so far: the split's and those of the packets accepted.
    fn progress(&self) -> Counts {
        self.results.iter().flatten().fold(self.split, Counts::add)
    }
}

/// Parallel IDA*'s coordinator: it splits each iteration into packets, takes their results
/// in any order and ends with the sequential search's [`Report`]. It runs no search of its own
/// beyond the split; drivers hand the packets of [`ParallelIda::iteration`] to workers
/// ([`PacketSearcher`]) and pass what they return to [`ParallelIda::accept`].
#[derive(Clone, Debug)]
pub struct ParallelIda {
    start: Board,
    goal: Goal,
    goal_board: Board,
    order: MoveOrder,
    /// For the split only: a few thousand nodes per iteration.
    heuristic: AnyHeuristic,
    /// h and the heuristic's state at the start.
    root: (u32, State),
    workers: u32,
    split_depth: Option<u32>,
    threshold: u32,
    iteration: u32,
    finished: Vec<IterationSummary>,
    current: Option<Current>,
    solution: Option<Vec<u8>>,
    status: Status,
    /// Nodes of the splits chosen so far.
    split_nodes: u64,
    /// The adaptive split: an iteration predicted to have fewer nodes runs whole, as one
    /// packet (0: every iteration is split).
    split_above: u64,
    /// Iterations split into more than one packet so far.
    split_iterations: u32,
}

impl ParallelIda {
    /// A parallel search from `board` to `goal`, its packets sized for `workers` workers (1 to
    /// [`MAX_WORKERS`]). Fails as [`crate::ida_star_in_order`] does for a bad heuristic or an
    /// unsolvable board.
    pub fn new(
        board: Board,
        goal: Goal,
        heuristic: HeuristicChoice,
        order: MoveOrder,
        workers: u32,
    ) -> Result<ParallelIda, Error> {
        ParallelIda::made(board, goal, heuristic, order, workers, None, 0).map(ParallelIda::begun)
    }

    /// Like [`ParallelIda::new`], but an iteration is split only when it is worth it: when
    /// the iteration before it, grown as the last two grew (IDA*'s growth from one threshold
    /// to the next is steady), predicts at least `split_above` nodes (visited + pruned), and
    /// there are at least two workers. Any other iteration is one packet, the start itself
    /// (its path empty), which one worker searches whole: so a search that is small
    /// throughout costs no more than the sequential search. The first iteration, with nothing
    /// to predict from, is never split. `split_above` 0 splits every iteration, as `new`;
    /// [`WORTH_SPLITTING`] suits the browser's pool.
    pub fn adaptive(
        board: Board,
        goal: Goal,
        heuristic: HeuristicChoice,
        order: MoveOrder,
        workers: u32,
        split_above: u64,
    ) -> Result<ParallelIda, Error> {
        ParallelIda::made(board, goal, heuristic, order, workers, None, split_above)
            .map(ParallelIda::begun)
    }

    /// Like [`ParallelIda::new`], but every iteration split at `depth` (1 to
    /// [`MAX_SPLIT_DEPTH`]) rather than at the depth that gives enough packets: for tests of
    /// every split. A deep split of a large tree makes many packets.
    pub fn with_split_depth(
        board: Board,
        goal: Goal,
        heuristic: HeuristicChoice,
        order: MoveOrder,
        depth: u32,
    ) -> Result<ParallelIda, Error> {
        if !(1..=MAX_SPLIT_DEPTH).contains(&depth) {
            return Err(Error::InvalidOption(format!(
                "the split depth must be from 1 to {MAX_SPLIT_DEPTH}, got {depth}"
            )));
        }
        ParallelIda::made(board, goal, heuristic, order, 1, Some(depth), 0).map(ParallelIda::begun)
    }

    /// The search `made` gives, its first iteration split (or one packet).
    fn begun(mut self) -> ParallelIda {
        self.current = Some(self.split());
        self.split_nodes = self.current.as_ref().map_or(0, Current::size);
        self.count_split();
        self.settle();
        self
    }

    /// The search before its first iteration's split (`current` none): options checked.
    fn made(
        board: Board,
        goal: Goal,
        heuristic: HeuristicChoice,
        order: MoveOrder,
        workers: u32,
        split_depth: Option<u32>,
        split_above: u64,
    ) -> Result<ParallelIda, Error> {
        check_workers(workers)?;
        // The sequential constructors' checks, in their order: pdb first, then solvability.
        let heuristic = AnyHeuristic::new(heuristic, board.width(), goal)?;
        board.check_solvable(goal)?;
        let root = heuristic.start(board.tiles());
        Ok(ParallelIda {
            start: board,
            goal,
            goal_board: goal.board(board.width())?,
            order,
            threshold: root.0,
            root,
            heuristic,
            workers,
            split_depth,
            iteration: 1,
            finished: Vec::new(),
            current: None,
            solution: None,
            status: Status::Running,
            split_nodes: 0,
            split_above,
            split_iterations: 0,
        })
    }

    /// The current iteration's packets, or `None` once the search has finished.
    pub fn iteration(&self) -> Option<ParallelIteration> {
        self.current.as_ref().map(|current| ParallelIteration {
            iteration: self.iteration,
            threshold: self.threshold,
            packets: current.packets.clone(),
            predicted: self.predicted_nodes(),
        })
    }

    /// Whether packet `index` of the current iteration still needs a result: false once it
    /// has one, once an earlier packet solved (a driver skips or cancels it), for an index
    /// the iteration does not have and once the search has finished.
    pub fn needed(&self, index: u32) -> bool {
        let index = index as usize;
        self.current
            .as_ref()
            .is_some_and(|c| index < c.end() && c.results.get(index).is_some_and(Option::is_none))
    }

    /// Searches with `searcher` (made for this search's board, goal, heuristic and order)
    /// every iteration from the current one on that the split left whole (one packet, the
    /// start's tree), taking each result as [`accept`](Self::accept) does, until an iteration
    /// is split or the search ends: a driver beside a searcher (the leading browser worker)
    /// runs a small search in one call, with no result crossing to it per iteration. Returns
    /// what it searched; nothing when the current iteration is split or the search has
    /// finished. Fails as [`PacketSearcher::search`] and `accept` do, with the iterations
    /// searched before the failure taken, and ([`Error::InvalidOption`], changing nothing)
    /// for a searcher made for another board, goal, move order or heuristic.
    pub fn search_whole(&mut self, searcher: &mut PacketSearcher) -> Result<WholeSearched, Error> {
        self.made_for_this(searcher, "searchWhole(searcher)")?;
        let mut searched = WholeSearched::default();
        while let Some(current) = &self.current {
            if current.packets.len() != 1 || !current.packets[0].path.is_empty() {
                break;
            }
            let task = PacketTask {
                iteration: self.iteration,
                threshold: self.threshold,
                packet: current.packets[0].clone(),
            };
            let result = searcher.search(&task)?;
            let threshold = self.threshold;
            let (nodes, generated) = (result.visited + result.pruned, result.generated);
            self.accept(result)?;
            searched.iterations += 1;
            searched.threshold = threshold;
            searched.nodes += nodes;
            searched.generated += generated;
        }
        Ok(searched)
    }

    /// Searches with `searcher` (made for this search) the current iteration's packets in
    /// order, from the first without a result (skipping those that have one), each taken as
    /// [`accept`](Self::accept) takes a result, until the iteration is complete or `nodes`
    /// nodes (visited + pruned) are searched: a packet begun is searched to its end. A driver
    /// beside a searcher (the leading browser worker) starts a small split iteration so, as
    /// one sequential worker would: the last iteration, often predicted far larger than the
    /// part of it before the goal, then costs no more than that; the packets left go out to
    /// the workers from `next`. Searches nothing once the search has finished. Fails as
    /// [`search_whole`](Self::search_whole) does.
    pub fn search_ahead(
        &mut self,
        searcher: &mut PacketSearcher,
        nodes: u64,
    ) -> Result<AheadSearched, Error> {
        self.made_for_this(searcher, "searchAhead(searcher, nodes)")?;
        let iteration = self.iteration;
        let mut searched = AheadSearched::default();
        let mut index = self.current.as_ref().map_or(0, |c| c.done);
        while searched.nodes < nodes {
            let Some(current) = self
                .current
                .as_ref()
                .filter(|_| self.iteration == iteration)
            else {
                break;
            };
            // The next packet still needed (a result taken already, or after a solving one: not).
            let Some(next) = (index..current.end()).find(|&i| self.needed(i as u32)) else {
                break;
            };
            index = next;
            let task = PacketTask {
                iteration,
                threshold: self.threshold,
                packet: current.packets[index].clone(),
            };
            let result = searcher.search(&task)?;
            index += 1;
            searched.packets += 1;
            searched.nodes += result.visited + result.pruned;
            searched.generated += result.generated;
            if self.accept(result)? {
                searched.complete = true;
                break;
            }
        }
        searched.next = index as u32;
        Ok(searched)
    }

    /// The current iteration's number (1-based; the last one's once finished).
    pub fn iteration_number(&self) -> u32 {
        self.iteration
    }

    /// The current iteration's threshold (the last one's once finished).
    pub fn threshold(&self) -> u32 {
        self.threshold
    }

    /// Takes an iteration's `results` (in any order) as [`accept`](Self::accept) does until
    /// the current iteration is complete; what is left then came after a solving packet.
    /// Fails as `accept` does, and ([`Error::InvalidOption`]) when the results leave the
    /// iteration incomplete: a driver lost some.
    pub(crate) fn accept_iteration(&mut self, results: Vec<PacketResult>) -> Result<(), Error> {
        let iteration = self.iteration;
        for result in results {
            if self.accept(result)? {
                return Ok(());
            }
        }
        Err(Error::InvalidOption(format!(
            "iteration {iteration} ended with packets missing"
        )))
    }

    /// Refuses ([`Error::InvalidOption`]) a searcher made for another board, goal, move
    /// order or heuristic than this search's.
    fn made_for_this(&self, searcher: &PacketSearcher, call: &str) -> Result<(), Error> {
        let (board, goal, order, kind) = searcher.engine.made_for();
        let differs = [
            (board != self.start, "board"),
            (goal != self.goal, "goal"),
            (order != self.order, "move order"),
            (kind != self.heuristic.kind(), "heuristic"),
        ]
        .into_iter()
        .find_map(|(differs, what)| differs.then_some(what));
        match differs {
            Some(what) => Err(Error::InvalidOption(format!(
                "{call}: the searcher was made for another search (another {what}): make it with this search's options"
            ))),
            None => Ok(()),
        }
    }

    /// The packets the current iteration has (0 once finished).
    pub fn packet_count(&self) -> usize {
        self.current.as_ref().map_or(0, |c| c.packets.len())
    }

    /// Takes a packet's result (in any order). Returns true when that completed the current
    /// iteration: the next one's packets are then ready, or the search has finished. A result
    /// of another iteration, for an index without a packet, for a packet that has one already
    /// or that contradicts its packet is refused ([`Error::UnexpectedResult`]) and changes
    /// nothing. A result for a packet after a solving one is taken and ignored.
    pub fn accept(&mut self, result: PacketResult) -> Result<bool, Error> {
        self.check(&result)?;
        let Some(current) = self.current.as_mut() else {
            return Ok(false);
        };
        let index = result.index as usize;
        if result.solution.is_some() && current.solved_at.is_none_or(|s| index < s) {
            current.solved_at = Some(index);
        }
        current.results[index] = Some(result);
        while current
            .results
            .get(current.done)
            .is_some_and(Option::is_some)
        {
            current.done += 1;
        }
        let iteration = self.iteration;
        self.settle();
        Ok(self.iteration != iteration || self.current.is_none())
    }

    /// Why `result` cannot be taken, if it cannot.
    fn check(&self, result: &PacketResult) -> Result<(), Error> {
        let refuse = |why: String| {
            Err(Error::UnexpectedResult(format!(
                "the result of packet {} of iteration {} cannot be taken: {why}",
                result.index, result.iteration
            )))
        };
        let Some(current) = &self.current else {
            return refuse(format!(
                "the search has finished (after {} iterations)",
                self.iteration
            ));
        };
        if result.iteration != self.iteration {
            return refuse(format!("the search is at iteration {}", self.iteration));
        }
        let index = result.index as usize;
        let Some(packet) = current.packets.get(index) else {
            return refuse(format!(
                "iteration {} has {} packets (0 to {})",
                self.iteration,
                current.packets.len(),
                current.packets.len() as i64 - 1
            ));
        };
        if current.results[index].is_some() {
            return refuse("it was taken already".into());
        }
        if result.visited == 0 {
            return refuse("a packet's search visits at least its node (visited 0)".into());
        }
        // Checked: a caller's counts may be any numbers (visited is at least 1 here).
        if (result.visited - 1).checked_add(result.pruned) != Some(result.generated) {
            return refuse(format!(
                "generated ({}) is not visited − 1 + pruned ({} − 1 + {})",
                result.generated, result.visited, result.pruned
            ));
        }
        match (&result.solution, result.next_threshold) {
            (Some(_), Some(_)) => return refuse("a solved packet has no next threshold".into()),
            (None, Some(next)) if next <= self.threshold => {
                return refuse(format!(
                    "its next threshold {next} is not above the threshold {}",
                    self.threshold
                ))
            }
            // A visited node has f ≤ the threshold and a child's f is at most its parent's + 2
            // (g + 1, h + 1 at most: the heuristics are consistent).
            (None, Some(next)) if next - self.threshold > 2 => {
                return refuse(format!(
                    "its next threshold {next} is more than 2 above the threshold {} (a pruned \
                     child's f is at most its parent's f + 2)",
                    self.threshold
                ))
            }
            (Some(moves), None) => {
                if !moves.starts_with(&packet.path) {
                    return refuse("its solution does not start with the packet's path".into());
                }
                if moves.len() > self.threshold as usize
                    || !self.start.after(moves).is_ok_and(|b| b == self.goal_board)
                {
                    return refuse(format!(
                        "its solution does not reach the goal in at most {} moves",
                        self.threshold
                    ));
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Closes every complete iteration, raising the threshold or finishing.
    fn settle(&mut self) {
        while self.current.as_ref().is_some_and(Current::complete) {
            let Some(current) = self.current.take() else {
                break;
            };
            if let Some(next) = self.close(current) {
                self.threshold = next;
                self.iteration += 1;
                let split = self.split();
                self.split_nodes += split.size();
                self.current = Some(split);
                self.count_split();
            }
        }
    }

    /// Ends a complete iteration: its summary, and the next threshold unless the search has
    /// finished.
    fn close(&mut self, current: Current) -> Option<u32> {
        let summary = |counts: Counts, next_threshold| IterationSummary {
            iteration: self.iteration,
            threshold: self.threshold,
            visited: counts.visited,
            pruned: counts.pruned,
            next_threshold,
        };
        let results = current.results.iter().flatten();
        if let Some(s) = current.solved_at {
            let before = results.filter(|r| (r.index as usize) <= s);
            let (counts, moves) = match (current.split_goal, current.results.get(s)) {
                (_, Some(Some(solved))) => (
                    current.before.get(s).copied().unwrap_or_default(),
                    solved.solution.clone(),
                ),
                (Some((path, counts)), _) => (counts, Some(path)),
                // Never: `complete` waits for the solving result.
                _ => (Counts::default(), None),
            };
            self.finished
                .push(summary(before.fold(counts, Counts::add), None));
            self.solution = moves;
            self.status = Status::Solved;
            return None;
        }
        let next = results
            .clone()
            .filter_map(|r| r.next_threshold)
            .fold(current.split_next, u32::min);
        let next = (next != u32::MAX).then_some(next);
        self.finished
            .push(summary(results.fold(current.split, Counts::add), next));
        if next.is_none() {
            self.status = Status::Exhausted;
        }
        next
    }

    /// Counts the current iteration if it was split into more than one packet.
    fn count_split(&mut self) {
        if self.current.as_ref().is_some_and(|c| c.packets.len() > 1) {
            self.split_iterations += 1;
        }
    }

    /// The nodes (visited + pruned) the current iteration is predicted to have: the last
    /// finished iteration's, times the growth from the one before it (or `FIRST_GROWTH`, 4).
    /// `None` before the first iteration has finished.
    pub fn predicted_nodes(&self) -> Option<u64> {
        let nodes = |i: &IterationSummary| i.visited.saturating_add(i.pruned) as f64;
        let mut finished = self.finished.iter().rev();
        let last = nodes(finished.next()?);
        let growth = match finished.next().map(nodes) {
            Some(before) if before > 0.0 => (last / before).max(1.0),
            _ => FIRST_GROWTH,
        };
        Some((last * growth).min(u64::MAX as f64) as u64)
    }

    /// Whether the current iteration is split (else it is one packet: the start).
    fn worth_splitting(&self) -> bool {
        self.split_depth.is_some()
            || self.split_above == 0
            || (self.workers > 1
                && self
                    .predicted_nodes()
                    .is_some_and(|n| n >= self.split_above))
    }

    /// The packets the current iteration's split aims at: [`PACKETS_PER_WORKER`] per worker,
    /// fewer for an iteration predicted to be small (one per [`PACKET_NODES`], at least
    /// [`FEWEST_PACKETS_PER_WORKER`] per worker).
    fn packets_wanted(&self) -> usize {
        let workers = self.workers as usize;
        let most = PACKETS_PER_WORKER * workers;
        self.predicted_nodes().map_or(most, |nodes| {
            usize::try_from(nodes / PACKET_NODES)
                .unwrap_or(most)
                .clamp(FEWEST_PACKETS_PER_WORKER * workers, most)
        })
    }

    /// The current iteration's split: at the fixed depth, else at the smallest depth that
    /// gives [`PACKETS_PER_WORKER`] packets per worker (or where it stops growing: the split
    /// grew large, or no node reaches the next depth); none (the start as the one packet)
    /// when the adaptive split finds it not worth it.
    fn split(&self) -> Current {
        let target = self.packets_wanted();
        let mut level = Level::root(self);
        let deepest = if self.worth_splitting() {
            self.split_depth.unwrap_or(MAX_SPLIT_DEPTH)
        } else {
            0
        };
        for depth in 1..=deepest {
            let Some(deeper) = level.deeper(self) else {
                // The split visited the goal, or no node reaches this depth: the split is
                // the whole iteration.
                break;
            };
            level = deeper;
            if self.split_depth.is_none()
                && (level.nodes.len() >= target
                    || level.current.size() > SPLIT_NODES
                    || depth >= self.threshold)
            {
                break;
            }
        }
        let mut current = level.current;
        current.results = vec![None; current.packets.len()];
        if current.split_goal.is_some() {
            current.solved_at = Some(current.packets.len());
        }
        current
    }

    /// The report: the sequential search's once finished. While running, the current
    /// iteration's counts are the split's and those of the packets accepted so far.
    pub fn report(&self) -> Report {
        let mut iterations = self.finished.clone();
        if let Some(current) = &self.current {
            let counts = current.progress();
            iterations.push(IterationSummary {
                iteration: self.iteration,
                threshold: self.threshold,
                visited: counts.visited,
                pruned: counts.pruned,
                next_threshold: None,
            });
        }
        // Saturating, as `Counts::add`: no sum of accepted results can panic.
        let sum = |count: fn(&IterationSummary) -> u64| {
            iterations.iter().map(count).fold(0, u64::saturating_add)
        };
        let visited = sum(|i| i.visited);
        let nodes = visited.saturating_add(sum(|i| i.pruned));
        Report {
            status: self.status,
            length: self.solution.as_ref().map(|m| m.len() as u32),
            moves: self.solution.clone(),
            // Every visited node was expanded but the goal.
            expanded: visited.saturating_sub(u64::from(self.status == Status::Solved)),
            // Every node but the iterations' roots was generated.
            generated: nodes.saturating_sub(iterations.len() as u64),
            nodes,
            progress: Progress::Ida(IdaProgress {
                threshold: self.threshold,
                iteration: self.iteration,
                iterations,
            }),
        }
    }

    /// Where the search stands.
    pub fn status(&self) -> Status {
        self.status
    }

    /// The solution's tiles once solved.
    pub fn solution(&self) -> Option<&[u8]> {
        self.solution.as_deref()
    }

    /// The start board.
    pub fn start(&self) -> Board {
        self.start
    }

    /// Nodes of the splits so far (visited + pruned): the coordinator's own share of the
    /// search.
    pub fn split_nodes(&self) -> u64 {
        self.split_nodes
    }

    /// Iterations split into more than one packet so far (the current one included).
    pub fn split_iterations(&self) -> u32 {
        self.split_iterations
    }

    /// The adaptive split's threshold in nodes (0: every iteration is split).
    pub fn split_above(&self) -> u64 {
        self.split_above
    }

    /// The workers the packets are sized for.
    pub fn workers(&self) -> u32 {
        self.workers
    }

    /// The heuristic.
    pub fn heuristic(&self) -> HeuristicKind {
        self.heuristic.kind()
    }
}

/// A packet whose node the iteration does not visit: its f = `depth` + `h` exceeds the
/// threshold.
pub(crate) fn not_visited(depth: u32, h: u32, threshold: u32) -> Error {
    Error::InvalidOption(format!(
        "the packet's node is not visited at threshold {threshold}: its f = g + h = {depth} + {h} = {} exceeds it",
        depth.saturating_add(h)
    ))
}

/// A packet's threshold that no iteration on a `width` board has (above [`max_threshold`]).
pub(crate) fn beyond_longest(threshold: u32, width: usize) -> Error {
    Error::InvalidOption(format!(
        "the threshold {threshold} is above {max}: every {}-puzzle is solved in at most {max} \
         moves, and IDA* with an admissible heuristic never raises its threshold past the \
         optimal solution's length, so no iteration has this threshold",
        width * width - 1,
        max = max_threshold(width)
    ))
}

/// A number of workers from 1 to [`MAX_WORKERS`].
fn check_workers(workers: u32) -> Result<(), Error> {
    if (1..=MAX_WORKERS).contains(&workers) {
        Ok(())
    } else {
        Err(Error::InvalidOption(format!(
            "workers must be a whole number from 1 to {MAX_WORKERS}, got {workers}"
        )))
    }
}

/// A packet's node while the split deepens: its board, h and heuristic state, tiles'
/// cells, and the blank's move into it.
#[derive(Clone)]
struct Node {
    board: Board,
    h: u32,
    state: State,
    positions: Tiles,
    last: Option<Direction>,
}

/// A node's child (see [`Node::child`]): the tile slid into the blank, and the node.
struct Child {
    tile: u8,
    h: u32,
    node: Node,
}

impl Node {
    /// The search's start.
    fn start(search: &ParallelIda) -> Node {
        let (h, state) = search.root;
        Node {
            board: search.start,
            h,
            state,
            positions: search.start.positions(),
            last: None,
        }
    }

    /// The child the blank's move `dir` reaches, with its h and heuristic state as the search
    /// updates them (from scratch, pdb's walks each pattern); `None` where the board has no
    /// such move or it undoes the move into this node. One copy, not inlined: the split and
    /// a hand-over ([`hand_over`]) share it.
    #[inline(never)]
    fn child(&self, search: &ParallelIda, dir: Direction) -> Option<Child> {
        if self.last.is_some_and(|l| l.opposite() == dir) {
            return None;
        }
        let mut child = SlidingBoard::resume(
            &search.heuristic,
            self.board,
            self.positions,
            (self.h, self.state),
        );
        let tile = child.step(dir)?;
        let (board, h, state) = child.at();
        Some(Child {
            tile,
            h,
            node: Node {
                board,
                h,
                state,
                positions: child.positions(),
                last: Some(dir),
            },
        })
    }
}

/// The split at one depth: its packets with their nodes.
struct Level {
    current: Current,
    nodes: Vec<Node>,
}

impl Level {
    /// The split at depth 0: the start as the one packet.
    fn root(search: &ParallelIda) -> Level {
        Level {
            current: Current {
                packets: vec![Packet {
                    index: 0,
                    path: Vec::new(),
                }],
                before: vec![Counts::default()],
                split: Counts::default(),
                split_next: u32::MAX,
                split_goal: None,
                results: Vec::new(),
                solved_at: None,
                done: 0,
            },
            nodes: vec![Node::start(search)],
        }
    }

    /// The split one level deeper: every packet's node visited in depth-first order (goal
    /// test, children generated, pruned or made packets), as the search would between the
    /// split's nodes. `None` when there is nothing deeper: no packet, or the goal.
    fn deeper(&self, search: &ParallelIda) -> Option<Level> {
        self.deeper_above(search, usize::MAX)
    }

    /// Like [`Level::deeper`], but only the packets above `depth` (their paths shorter) are
    /// visited and replaced by their children; the others stay as they are, in their place.
    fn deeper_above(&self, search: &ParallelIda, depth: usize) -> Option<Level> {
        if self.nodes.is_empty() || self.current.split_goal.is_some() {
            return None;
        }
        let old = &self.current;
        let mut new = Current {
            packets: Vec::new(),
            before: Vec::new(),
            split: old.split,
            split_next: old.split_next,
            split_goal: None,
            results: Vec::new(),
            solved_at: None,
            done: 0,
        };
        let mut nodes = Vec::new();
        // The split's counts that come before the node being visited: those before it at
        // the old depth, and the visits and prunes of the old packets before it.
        let mut added = Counts::default();
        for ((packet, node), before) in old.packets.iter().zip(&self.nodes).zip(&old.before) {
            if packet.path.len() >= depth {
                new.before.push(Counts {
                    visited: before.visited + added.visited,
                    pruned: before.pruned + added.pruned,
                });
                new.packets.push(Packet {
                    index: new.packets.len() as u32,
                    path: packet.path.clone(),
                });
                nodes.push(node.clone());
                continue;
            }
            added.visited += 1;
            let mut counts = Counts {
                visited: before.visited + added.visited,
                pruned: before.pruned + added.pruned,
            };
            if node.h == 0 && node.board == search.goal_board {
                new.split_goal = Some((packet.path.clone(), counts));
                break;
            }
            let g = packet.path.len();
            for dir in search.order.directions() {
                let Some(child) = node.child(search, dir) else {
                    continue;
                };
                let f = g as u32 + 1 + child.h;
                if f > search.threshold {
                    added.pruned += 1;
                    counts.pruned += 1;
                    new.split_next = new.split_next.min(f);
                    continue;
                }
                new.packets.push(Packet {
                    index: new.packets.len() as u32,
                    path: [&packet.path[..], &[child.tile]].concat(),
                });
                new.before.push(counts);
                nodes.push(child.node);
            }
        }
        new.split.visited += added.visited;
        new.split.pruned += added.pruned;
        Some(Level {
            current: new,
            nodes,
        })
    }
}

/// How a packet search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Searched {
    /// The subtree was searched: its result.
    Done(PacketResult),
    /// Given up because it was no longer needed, after this many nodes.
    Abandoned {
        /// Nodes the search had made (visited + pruned).
        nodes: u64,
    },
}

/// A worker of a parallel search: searches packets' subtrees on the start board of its
/// [`ParallelIda`], with one search re-rooted at each packet's node. Cheap to make (the
/// pattern databases are shared).
pub struct PacketSearcher {
    engine: Box<dyn PacketEngine>,
    /// The packet begun and not yet searched to its end.
    current: Option<PacketTask>,
}

impl std::fmt::Debug for PacketSearcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PacketSearcher").finish_non_exhaustive()
    }
}

impl PacketSearcher {
    /// A worker for the parallel search from `board` to `goal` with `heuristic` in `order`;
    /// fails as [`ParallelIda::new`] does.
    pub fn new(
        board: Board,
        goal: Goal,
        heuristic: HeuristicChoice,
        order: MoveOrder,
    ) -> Result<PacketSearcher, Error> {
        Ok(PacketSearcher {
            engine: packet_engine(board, goal, heuristic, order)?,
            current: None,
        })
    }

    /// Searches the task's packet to the end. Fails for a threshold above
    /// [`max_threshold`] of the board's width (no search has one), and for a packet that is
    /// not a node of the search at its threshold (a path that does not slide, undoes a move,
    /// or ends at a node whose f exceeds the threshold). A failed call leaves the searcher as
    /// it was.
    // Never inlined: the binding's search, search_whole and search_ahead share one copy (a
    // third of a kilobyte of the wasm module, gzipped).
    #[inline(never)]
    pub fn search(&mut self, task: &PacketTask) -> Result<PacketResult, Error> {
        match self.search_while(task, || true)? {
            Searched::Done(result) => Ok(result),
            // Never: `go_on` always says yes.
            Searched::Abandoned { .. } => Err(Error::InvalidOption(
                "the packet search was abandoned".into(),
            )),
        }
    }

    /// Searches the task's packet, asking `go_on` every [`NEEDED_EVERY`] nodes or so whether
    /// it is still needed; gives up when it says no.
    pub fn search_while(
        &mut self,
        task: &PacketTask,
        mut go_on: impl FnMut() -> bool,
    ) -> Result<Searched, Error> {
        self.begin(task)?;
        loop {
            if let Some(result) = self.resume(NEEDED_EVERY)? {
                return Ok(Searched::Done(result));
            }
            if !go_on() {
                let nodes = self.engine.nodes();
                self.current = None;
                return Ok(Searched::Abandoned { nodes });
            }
        }
    }

    /// Makes the task's packet the one [`resume`](Self::resume) searches (in place of any
    /// other not finished). Fails as [`search`](Self::search) does, leaving the searcher as
    /// it was, with no packet to resume.
    pub fn begin(&mut self, task: &PacketTask) -> Result<(), Error> {
        self.current = None;
        self.engine.enter(&task.packet.path, task.threshold)?;
        self.current = Some(PacketTask {
            iteration: task.iteration,
            threshold: task.threshold,
            packet: task.packet.clone(),
        });
        Ok(())
    }

    /// Searches on in the packet of [`begin`](Self::begin) for about `nodes` nodes (at least
    /// one): its result once its subtree is searched (the searcher then has no packet), None
    /// while it goes on. Fails when there is no packet to resume.
    pub fn resume(&mut self, nodes: u64) -> Result<Option<PacketResult>, Error> {
        let Some(task) = &self.current else {
            return Err(Error::InvalidOption(
                "resume(nodes): no packet to search: begin(task) first (a packet's result ends it)"
                    .into(),
            ));
        };
        let Some(SubtreeEnd {
            summary,
            moves,
            generated,
        }) = self.engine.advance(nodes.max(1))
        else {
            return Ok(None);
        };
        let path = &task.packet.path;
        let solution = moves.map(|moves| [&path[..], &moves].concat());
        let result = PacketResult {
            iteration: task.iteration,
            index: task.packet.index,
            visited: summary.visited,
            pruned: summary.pruned,
            next_threshold: if solution.is_some() {
                None
            } else {
                summary.next_threshold
            },
            solution,
            generated,
        };
        self.current = None;
        Ok(Some(result))
    }
}
