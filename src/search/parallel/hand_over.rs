//! A sequential IDA* handed over to a parallel search mid-way ([`HandOver`]): the page's own
//! first 10 ms of *Solve now* are not searched again by the workers. The iteration under
//! way becomes one whose packets are the children its path has not tried yet, deepest first
//! (the depth-first order), with the sequential search's counts so far before them; so the
//! parallel search ends with exactly the report a sequential run to the end gives.

use super::{
    beyond_longest, not_visited, Counts, Current, Level, Node, Packet, ParallelIda, SPLIT_NODES,
};
use crate::board::{neighbor, Board, Goal, MoveOrder};
use crate::error::Error;
use crate::heuristic::HeuristicChoice;
use crate::search::ida::max_threshold;
use crate::search::IterationSummary;

/// Where a sequential IDA* stands (`Solver.handOver()`), for a parallel search to go on from
/// there ([`ParallelIda::resumed`]): the iterations it finished, and what it has done of the
/// one under way.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HandOver {
    /// The iterations finished, each ended by a raise, in order from the first.
    pub iterations: Vec<IterationSummary>,
    /// The iteration under way (its threshold: the last one's next threshold, or h of the
    /// start); `None` when it has not visited its root yet.
    pub current: Option<Underway>,
}

/// What the sequential search has done of the iteration under way.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Underway {
    /// Nodes visited so far, the path's included.
    pub visited: u64,
    /// Children pruned so far.
    pub pruned: u64,
    /// The smallest f pruned so far (`None`: none yet).
    pub next_threshold: Option<u32>,
    /// The tiles slid from the start to the node the search stands at.
    pub path: Vec<u8>,
    /// For the start and each node of the path: its moves tried so far, as the place in the
    /// search's move order after the last one tried (0 to 4; every node but the last one
    /// past the move to the next node on the path).
    pub tried: Vec<u8>,
}

impl HandOver {
    /// The hand-over as numbers, for a thread to pass to another (the browser's page to a
    /// worker, in its `lead` message): the iterations finished, then the iteration under way
    /// (see [`HandOver::from_words`]). Each is a whole number a JS number holds exactly.
    pub fn to_words(&self) -> Vec<f64> {
        let mut words = vec![self.iterations.len() as f64];
        for i in &self.iterations {
            let next = i.next_threshold.map_or(0.0, f64::from);
            let summary = [i.iteration, i.threshold].map(f64::from);
            words.extend(
                summary
                    .into_iter()
                    .chain([i.visited as f64, i.pruned as f64, next]),
            );
        }
        if let Some(u) = &self.current {
            let next = u.next_threshold.map_or(0.0, f64::from);
            words.extend([u.visited as f64, u.pruned as f64, next, u.path.len() as f64]);
            words.extend(u.path.iter().chain(&u.tried).map(|&b| f64::from(b)));
        }
        words
    }

    /// The hand-over that [`HandOver::to_words`] wrote: the number of iterations finished;
    /// for each, its number, threshold, nodes visited, children pruned and next threshold;
    /// then, for an iteration under way, its nodes visited, children pruned, smallest f pruned
    /// (0: none), the path's length n, the path's n tiles and the n + 1 places tried. Fails
    /// ([`Error::InvalidOption`]) for numbers that are not such a layout; whether they make
    /// sense for a search is [`ParallelIda::resumed`]'s to check.
    pub fn from_words(words: &[f64]) -> Result<HandOver, Error> {
        let mut r = Words { words, at: 0 };
        let (count, small, place) = (MOST_COUNTED, u64::from(u32::MAX), 255);
        let threshold = |t: f64| (t != 0.0).then_some(t as u32);
        let finished = r.next("the iterations finished", MOST_ITERATIONS.into())?;
        let mut iterations = Vec::new();
        for _ in 0..finished as usize {
            iterations.push(IterationSummary {
                iteration: r.next("an iteration's number", small)? as u32,
                threshold: r.next("an iteration's threshold", small)? as u32,
                visited: r.next("an iteration's nodes visited", count)? as u64,
                pruned: r.next("an iteration's children pruned", count)? as u64,
                next_threshold: threshold(r.next("an iteration's next threshold", small)?),
            });
        }
        let mut current = None;
        if r.at < words.len() {
            let (visited, pruned) = (r.next("visited", count)?, r.next("pruned", count)?);
            let next_threshold = threshold(r.next("the smallest f pruned", small)?);
            let moves = r.next("the path's length", MOST_ITERATIONS.into())? as usize;
            let mut path = Vec::new();
            for _ in 0..=2 * moves {
                path.push(r.next("a tile of the path or a place tried", place)? as u8);
            }
            let tried = path.split_off(moves);
            current = Some(Underway {
                visited: visited as u64,
                pruned: pruned as u64,
                next_threshold,
                path,
                tried,
            });
        }
        if r.at != words.len() {
            return Err(refused(format!(
                "{} words, of which {} are the hand-over",
                words.len(),
                r.at
            )));
        }
        Ok(HandOver {
            iterations,
            current,
        })
    }
}

/// Reads a hand-over's words in order.
struct Words<'a> {
    words: &'a [f64],
    at: usize,
}

impl Words<'_> {
    /// The next word, a whole number from 0 to `most` (`what` in messages; no number is
    /// written with its fraction, whose formatting would double the module's code for it).
    fn next(&mut self, what: &str, most: u64) -> Result<f64, Error> {
        let at = self.at;
        self.at += 1;
        match self.words.get(at) {
            Some(&w) if w.fract() == 0.0 && (0.0..=most as f64).contains(&w) => Ok(w),
            Some(_) => Err(refused(format!(
                "word {at} ({what}) is not a whole number from 0 to {most}"
            ))),
            None => Err(refused(format!(
                "the {} words end before word {at} ({what})",
                self.words.len()
            ))),
        }
    }
}

/// The most iterations, and the longest path, a hand-over may have: more than any search.
const MOST_ITERATIONS: u32 = 256;

/// The most nodes a hand-over may count (JS numbers' exact whole numbers, 2⁵³): no search
/// comes near, and sums of such counts cannot overflow.
const MOST_COUNTED: u64 = 1 << 53;

/// The error for a hand-over that no sequential search of these options leaves.
fn refused(why: String) -> Error {
    Error::InvalidOption(format!("handOver: {why}"))
}

impl ParallelIda {
    /// Like [`ParallelIda::adaptive`], but going on from where a sequential search of the
    /// same options stands ([`crate::search::Search::hand_over`]): its finished iterations
    /// are taken as they are, and the iteration under way is searched from its path on, its
    /// untried children (deepest first, those near the start split further) as its packets.
    /// Fails as `adaptive` does, and ([`Error::InvalidOption`]) for a hand-over no such
    /// search leaves: iterations out of
    /// order, thresholds that do not follow, a path that is not a walk of the iteration, or
    /// moves tried that do not match it. Its counts are taken as given.
    pub fn resumed(
        board: Board,
        goal: Goal,
        heuristic: HeuristicChoice,
        order: MoveOrder,
        workers: u32,
        split_above: u64,
        hand_over: &HandOver,
    ) -> Result<ParallelIda, Error> {
        let mut search =
            ParallelIda::made(board, goal, heuristic, order, workers, None, split_above)?;
        let mut threshold = search.root.0;
        for (k, done) in hand_over.iterations.iter().enumerate() {
            let number = k as u32 + 1;
            if done.iteration != number {
                return Err(refused(format!(
                    "iteration {number} (in order from 1) is numbered {}",
                    done.iteration
                )));
            }
            if done.threshold != threshold {
                return Err(refused(format!(
                    "iteration {number} has threshold {}, where the search has {threshold}",
                    done.threshold
                )));
            }
            if done.visited == 0 {
                return Err(refused(format!(
                    "iteration {number} visited no node (it visits the start at least)"
                )));
            }
            threshold = next_after(done.next_threshold, threshold, number)?;
        }
        if threshold > max_threshold(board.width()) {
            return Err(beyond_longest(threshold, board.width()));
        }
        search.finished = hand_over.iterations.clone();
        search.iteration = hand_over.iterations.len() as u32 + 1;
        search.threshold = threshold;

        let (current, handed) = match &hand_over.current {
            Some(u) => (search.under_way(u)?, u.visited + u.pruned),
            None => (search.split(), 0),
        };
        // The coordinator's own share: the children it pruned, not the sequential search's.
        search.split_nodes = current.size() - handed;
        search.current = Some(current);
        search.count_split();
        search.settle();
        Ok(search)
    }

    /// The current iteration from `underway` on: its path checked, and each child it has not
    /// tried yet, from the deepest node to the start, pruned (counted) or made a packet.
    fn under_way(&self, underway: &Underway) -> Result<Current, Error> {
        let Underway {
            visited,
            pruned,
            next_threshold,
            path,
            tried,
        } = underway;
        let threshold = self.threshold;
        if tried.len() != path.len() + 1 {
            return Err(refused(format!(
                "tried has {} places, but the path has {} nodes (the start and {} moves)",
                tried.len(),
                path.len() + 1,
                path.len()
            )));
        }
        if let Some(place) = tried.iter().position(|&t| t > 4) {
            return Err(refused(format!(
                "tried[{place}] is {}: a place in the move order is from 0 to 4",
                tried[place]
            )));
        }
        if *visited > MOST_COUNTED || *pruned > MOST_COUNTED {
            return Err(refused(format!(
                "visited {visited} and pruned {pruned}: no search counts beyond {MOST_COUNTED}"
            )));
        }
        if *visited <= path.len() as u64 {
            return Err(refused(format!(
                "visited is {visited}, but the path's {} nodes were visited",
                path.len() + 1
            )));
        }
        let next = match next_threshold {
            Some(next) => next_after(Some(*next), threshold, self.iteration)?,
            None => u32::MAX,
        };
        let directions = self.order.directions();
        let mut nodes = vec![Node::start(self)];
        // The path: each move next to the blank, not undoing the one before, its node within
        // the threshold and its place the one before its node's `tried`.
        for (k, &tile) in path.iter().enumerate() {
            let node = &nodes[k];
            let found = directions.iter().enumerate().find_map(|(place, &dir)| {
                let from = neighbor(node.board.blank(), dir, node.board.width())?;
                (node.board.padded()[from] == tile).then_some((place, dir))
            });
            let Some((place, dir)) = found else {
                return Err(refused(format!(
                    "move {} of the path, tile {tile}, is not next to the blank",
                    k + 1
                )));
            };
            let Some(child) = node.child(self, dir) else {
                return Err(refused(format!(
                    "move {} of the path, tile {tile}, undoes the move before it",
                    k + 1
                )));
            };
            if usize::from(tried[k]) != place + 1 {
                return Err(refused(format!(
                    "tried[{k}] is {}, but the path goes on with the move at place {place} of \
                     the move order (so {} are tried)",
                    tried[k],
                    place + 1
                )));
            }
            let g = k as u32 + 1;
            if g + child.h > threshold {
                return Err(not_visited(g, child.h, threshold));
            }
            nodes.push(child.node);
        }
        if nodes.iter().any(|n| n.h == 0 && n.board == self.goal_board) {
            return Err(refused(
                "the path reaches the goal: that search has solved, nothing is left to hand over"
                    .into(),
            ));
        }
        let mut current = Current {
            packets: Vec::new(),
            before: Vec::new(),
            split: Counts {
                visited: *visited,
                pruned: *pruned,
            },
            split_next: next,
            split_goal: None,
            results: Vec::new(),
            solved_at: None,
            done: 0,
        };
        let handed = current.size();
        let mut children = Vec::new();
        for (depth, node) in nodes.iter().enumerate().rev() {
            for &dir in &directions[usize::from(tried[depth])..] {
                let Some(child) = node.child(self, dir) else {
                    continue;
                };
                let f = depth as u32 + 1 + child.h;
                if f > threshold {
                    current.split.pruned += 1;
                    current.split_next = current.split_next.min(f);
                    continue;
                }
                current.packets.push(Packet {
                    index: current.packets.len() as u32,
                    path: [&path[..depth], &[child.tile]].concat(),
                });
                current.before.push(current.split);
                children.push(child.node);
            }
        }
        // The untried children near the start are the largest: those above the depth that
        // gives the split's packets are split further, as the split would, so that none of
        // the rest's packets is larger than a fresh split's.
        let mut level = Level {
            current,
            nodes: children,
        };
        let wanted = self.packets_wanted();
        let depth = (usize::BITS - wanted.leading_zeros()) as usize;
        while level.current.packets.iter().any(|p| p.path.len() < depth)
            && level.current.size() - handed <= SPLIT_NODES
        {
            match level.deeper_above(self, depth) {
                Some(deeper) => level = deeper,
                None => break,
            }
        }
        let mut current = level.current;
        current.results = vec![None; current.packets.len()];
        if current.split_goal.is_some() {
            current.solved_at = Some(current.packets.len());
        }
        Ok(current)
    }
}

/// The threshold after iteration `number` at `threshold` that found `next` (checked: above
/// it, by at most 2, as a consistent heuristic's prunes are).
fn next_after(next: Option<u32>, threshold: u32, number: u32) -> Result<u32, Error> {
    match next {
        None => Err(refused(format!(
            "iteration {number} has no next threshold: a search handed over has not ended"
        ))),
        Some(next) if next <= threshold || next - threshold > 2 => Err(refused(format!(
            "iteration {number}'s next threshold {next} is not 1 or 2 above its threshold {threshold}"
        ))),
        Some(next) => Ok(next),
    }
}
