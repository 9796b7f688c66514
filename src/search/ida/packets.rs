//! A parallel search's packets on the IDA* engine (see `search::parallel`): one search per
//! worker, re-rooted at each packet's node for one iteration of its subtree. The node's h and
//! heuristic state follow from the start's along the packet's path, as the search updates
//! them, so a packet costs a few updates rather than a from-scratch h (pdb's walks each
//! pattern) and no new search.

use super::{max_threshold, IdaStar, NO_MOVE};
use crate::board::{Board, Direction, Goal, MoveOrder};
use crate::error::Error;
use crate::heuristic::{
    pdb, Hamming, Heuristic, HeuristicChoice, HeuristicKind, LinearConflict, Manhattan, Pdb,
    SlidingBoard,
};
use crate::search::parallel::{beyond_longest, not_visited};
use crate::search::{IterationSummary, Search, Status};

/// One iteration of a packet's subtree, searched: the iteration's summary in the subtree
/// (pruned f as the whole search has them), the moves from the packet's node to the goal if
/// it was visited, and the children generated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SubtreeEnd {
    pub summary: IterationSummary,
    pub moves: Option<Vec<u8>>,
    pub generated: u64,
}

/// One iteration of the subtree below a node of the whole search, on the engine of one
/// heuristic: entered at a packet's node, then advanced a slice of nodes at a time (so a
/// worker can search a long packet in turns and read its messages between them).
pub(crate) trait PacketEngine: Send {
    /// Makes the subtree below the node `path` (tiles slid from the start) leads to, with
    /// the whole search's `threshold`, the one [`advance`](Self::advance) searches. Fails,
    /// changing nothing, for a threshold above [`max_threshold`] and for a path that does
    /// not slide, undoes a move, or ends at a node whose f exceeds the threshold.
    fn enter(&mut self, path: &[u8], threshold: u32) -> Result<(), Error>;

    /// Searches on for about `slice` nodes: the subtree's end once it is searched (the
    /// moves from the packet's node), None while it goes on (and when nothing was entered).
    fn advance(&mut self, slice: u64) -> Option<SubtreeEnd>;

    /// Nodes (visited + pruned) of the entered subtree so far.
    fn nodes(&self) -> u64;

    /// What the engine was made for: the start, the goal, the move order and the heuristic.
    fn made_for(&self) -> (Board, Goal, MoveOrder, HeuristicKind);
}

/// The engine of one heuristic, with its start's h and state.
struct Engine<H: Heuristic> {
    search: IdaStar<H>,
    start: Board,
    root: (u32, H::State),
    /// The entered packet's depth and threshold, until its subtree is searched.
    entered: Option<(u32, u32)>,
}

/// A packet engine for the search from `board` to `goal`: the checks of a whole search, in
/// its order (pdb's width and databases, then solvability).
pub(crate) fn packet_engine(
    board: Board,
    goal: Goal,
    heuristic: HeuristicChoice,
    order: MoveOrder,
) -> Result<Box<dyn PacketEngine>, Error> {
    fn make<H: Heuristic + Send + 'static>(
        board: Board,
        goal: Goal,
        heuristic: H,
        order: MoveOrder,
    ) -> Result<Box<dyn PacketEngine>, Error>
    where
        H::State: Send,
    {
        let search = IdaStar::with_order(board, goal, heuristic, order)?;
        let root = (search.root_h, search.root_state);
        Ok(Box::new(Engine {
            search,
            start: board,
            root,
            entered: None,
        }))
    }
    let w = board.width();
    match heuristic {
        HeuristicChoice::Hamming => make(board, goal, Hamming::new(w, goal), order),
        HeuristicChoice::Manhattan => make(board, goal, Manhattan::new(w, goal), order),
        HeuristicChoice::LinearConflict => make(board, goal, LinearConflict::new(w, goal), order),
        HeuristicChoice::Pdb(databases) => {
            let databases = pdb::require(Some(databases), w, goal)?;
            make(board, goal, Pdb::new(databases), order)
        }
    }
}

impl<H: Heuristic + Send + 'static> PacketEngine for Engine<H>
where
    H::State: Send,
{
    fn enter(&mut self, path: &[u8], threshold: u32) -> Result<(), Error> {
        // Checked before anything changes: a threshold past every optimal solution would let
        // the depth-first walk run deeper than its path holds.
        if threshold > max_threshold(self.start.width()) {
            return Err(beyond_longest(threshold, self.start.width()));
        }
        let mut node = SlidingBoard::new(&self.search.heuristic, self.start, self.root);
        let mut last: Option<Direction> = None;
        for (step, &tile) in path.iter().enumerate() {
            let dir = node.slide(tile)?;
            if last.is_some_and(|l| l.opposite() == dir) {
                return Err(Error::InvalidOption(format!(
                    "the packet's path slides tile {tile} back at step {} (IDA* never undoes a move)",
                    step + 1
                )));
            }
            last = Some(dir);
        }
        let (board, h, state) = node.at();
        let depth = u32::try_from(path.len()).unwrap_or(u32::MAX);
        if depth.saturating_add(h) > threshold {
            return Err(not_visited(depth, h, threshold));
        }
        // The search as new from the packet's node, with g counted from there (so the
        // threshold is `depth` lower), its reverse move barred, for one iteration.
        let s = &mut self.search;
        s.start = board;
        (s.root_h, s.root_state) = (h, state);
        s.start_over();
        s.threshold = threshold - depth;
        s.root_back = last.map_or(NO_MOVE, |dir| s.order.rank(dir.opposite()) as u8);
        s.one_iteration = true;
        self.entered = Some((depth, threshold));
        Ok(())
    }

    fn advance(&mut self, slice: u64) -> Option<SubtreeEnd> {
        let (depth, threshold) = self.entered?;
        let s = &mut self.search;
        if s.run(Some(slice)) == Status::Running {
            return None;
        }
        self.entered = None;
        let summary = s.finished.first().copied().unwrap_or(IterationSummary {
            iteration: 1,
            threshold,
            visited: 1,
            pruned: 0,
            next_threshold: None,
        });
        Some(SubtreeEnd {
            summary: IterationSummary {
                threshold,
                next_threshold: summary.next_threshold.map(|f| f + depth),
                ..summary
            },
            moves: s.solution.clone(),
            generated: s.generated(),
        })
    }

    fn nodes(&self) -> u64 {
        self.search.next_id
    }

    fn made_for(&self) -> (Board, Goal, MoveOrder, HeuristicKind) {
        let s = &self.search;
        (self.start, s.goal, s.order, s.heuristic.kind())
    }
}
