//! The fast path of IDA*: the stepper's depth-first walk (see the parent module) when no
//! events are wanted. Same children, order, ids and counters (the tests compare both), but
//! written as a recursion over the path's frames with the hot state travelling as a few
//! scalars, so that it stays in registers natively and in wasm. Boards change only through the
//! parent's [`slide`], inlined, so the walk and the stepper cannot disagree on a move.

use super::{slide, Frame, IdaStar, Moves, Phase, MAX_DEPTH, NONE};
use crate::board::{Tiles, SLOT_MASK};
use crate::heuristic::Heuristic;

impl<H: Heuristic> IdaStar<H> {
    /// The fast path of [`IdaStar::expand`] when no events are wanted: the same depth-first
    /// walk over the same explicit path (same children, order, ids and counters; the tests
    /// compare both), written as a recursion over the path's frames so that the hot state
    /// stays in registers. It resumes from any state the stepping engine leaves, and leaves the
    /// path exactly resumable when the budget stops it.
    pub(super) fn expand_silently(&mut self, limit: u64) -> bool {
        loop {
            // The walk counts its budget down in the high bits of a word (see `Walk::children`).
            let end = limit.min(self.next_id + MAX_WALK);
            let mut walk = Walk {
                heuristic: &self.heuristic,
                moves: &self.moves,
                opposite_xor: self.opposite_xor,
                goal_tiles: &self.goal_tiles,
                frames: &mut self.stack.frames,
                tiles: self.tiles,
                positions: self.positions,
                threshold: self.threshold,
                end,
                pruned: self.pruned,
                next_threshold: self.next_threshold,
                depth_reached: 0,
            };
            let (outcome, next_id) = walk.resume(0, self.stack.len, (end - self.next_id) as u32);
            let depth_reached = walk.depth_reached;
            self.tiles = walk.tiles;
            self.positions = walk.positions;
            self.next_id = next_id;
            self.pruned = walk.pruned;
            self.next_threshold = walk.next_threshold;
            match outcome {
                Outcome::Done => {
                    self.stack.clear();
                    self.phase = Phase::Raise;
                    return false;
                }
                Outcome::Solved => {
                    self.stack.len = depth_reached + 1;
                    self.phase = Phase::Solved;
                    return false;
                }
                Outcome::Paused => {
                    self.stack.len = depth_reached + 1;
                    if next_id >= limit {
                        return true;
                    }
                }
            }
        }
    }
}

/// The most nodes one silent walk generates before it returns to [`IdaStar::expand_silently`]
/// (which resumes it in another, at the cost of one pause): the ids left, the children pruned
/// and the outcome share one `u64` (see [`Walk::children`]).
const MAX_WALK: u64 = 1 << 29;

/// In the count word (see [`Walk::children`]): one id of the budget (bits 2..32, above the
/// outcome's two bits) ...
const ONE_ID: u64 = 1 << 2;
/// ... and one child pruned (bits 32..64).
const ONE_PRUNED: u64 = 1 << 32;

/// The count word of a walk with `ids` left and nothing pruned yet.
#[inline(always)]
fn count_word(ids: u32) -> u64 {
    u64::from(ids) * ONE_ID
}

/// The ids left in a count word.
#[inline(always)]
fn ids_left(count: u64) -> u64 {
    u64::from(count as u32 / ONE_ID as u32)
}

/// How a subtree of the silent walk ended.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Outcome {
    /// All children done.
    Done,
    /// The goal was visited; `depth_reached` is its depth.
    Solved,
    /// The node budget ran out; `depth_reached` is the depth of the deepest frame kept.
    Paused,
}

/// The state of one silent walk (see [`IdaStar::expand_silently`]).
struct Walk<'a, H: Heuristic> {
    heuristic: &'a H,
    moves: &'a Moves,
    /// A child's `back` is its place XOR this (see `MoveOrder::opposite_xor`).
    opposite_xor: u8,
    goal_tiles: &'a Tiles,
    frames: &'a mut [Frame<H::State>; MAX_DEPTH],
    tiles: Tiles,
    positions: Tiles,
    threshold: u32,
    /// The id after the last one this walk may hand out: `end - remaining` is the next id.
    end: u64,
    pruned: u64,
    next_threshold: u32,
    depth_reached: usize,
}

impl<H: Heuristic> Walk<'_, H> {
    /// Continues the path `frames[depth..len]`: first the child in progress (if any), then the
    /// rest of `frames[depth]`'s children. Returns how it ended and the next id.
    fn resume(&mut self, depth: usize, len: usize, remaining: u32) -> (Outcome, u64) {
        let mut remaining = remaining;
        if depth + 1 < len {
            let (outcome, next_id) = self.resume(depth + 1, len, remaining);
            if outcome != Outcome::Done {
                return (outcome, next_id);
            }
            self.undo(depth);
            remaining = (self.end - next_id) as u32;
        }
        let n = self.frames[depth & (MAX_DEPTH - 1)];
        let slack = self.threshold as i32 - depth as i32 - 1;
        let node = node_word(n.blank, n.back);
        let word = self.children::<true>(n.h, n.state, node, slack, count_word(remaining), n.next);
        self.pruned += word / ONE_PRUNED;
        let left = ids_left(word);
        let outcome = match word & 3 {
            0 => return (Outcome::Done, self.end - left),
            1 => Outcome::Solved,
            _ => Outcome::Paused,
        };
        // The frames the walk wrote below this node lack the tile slid into each (cheaper
        // than passing it down): undo their moves from the deepest, where the board is now.
        let (mut board, mut positions) = (self.tiles, self.positions);
        for d in (depth + 1..=self.depth_reached).rev() {
            let (blank, above) = (self.frames[d].blank, self.frames[d - 1].blank);
            let tile = board[above as usize & SLOT_MASK];
            self.frames[d].tile = tile;
            slide::<H>(
                &mut board,
                &mut positions,
                tile,
                above as usize,
                blank as usize,
            );
        }
        (outcome, self.end - left)
    }

    /// Slides the tile of `frames[depth + 1]` back: the board returns to `frames[depth]`.
    #[inline(always)]
    fn undo(&mut self, depth: usize) {
        let child = self.frames[(depth + 1) & (MAX_DEPTH - 1)];
        let blank = self.frames[depth & (MAX_DEPTH - 1)].blank as usize;
        slide::<H>(
            &mut self.tiles,
            &mut self.positions,
            child.tile,
            blank,
            child.blank as usize,
        );
    }

    /// The depth of a node whose children have `slack` (see [`Walk::children`]).
    #[inline(always)]
    fn depth(&self, slack: i32) -> usize {
        (self.threshold as i32 - slack - 1) as usize & (MAX_DEPTH - 1)
    }

    /// The children of a visited node: its h, heuristic state, and `node` (its blank and
    /// back, see [`node_word`]); from direction `next` on when `RESUMING`, from the first
    /// otherwise (every node the walk itself visits). `slack` = threshold − the children's g:
    /// a child is pruned when its h exceeds it. `count` = the children pruned so far in this
    /// walk, shifted left by 32, plus the ids left in the budget, shifted left by two. Returns
    /// the count after this node's subtree, with how the walk ended in the low bits (0 done,
    /// 1 goal, 2 paused).
    ///
    /// Everything travels as few scalars as possible (the depth and the ids are derived from
    /// `slack` and `count`, the node's tile from the board), so that native code and wasm
    /// (whose ABI passes structs through memory) keep the hot state in registers: a pruned
    /// child costs one addition to `count` (one more pruned, one id fewer), not a counter in
    /// memory, which made wasm about 7 % faster. The node's frame is written only when the
    /// walk stops inside it, since a finished node is discarded by its parent.
    fn children<const RESUMING: bool>(
        &mut self,
        h: u32,
        state: H::State,
        node: u32,
        slack: i32,
        mut count: u64,
        next: u8,
    ) -> u64 {
        let to = (node >> 3) as usize & SLOT_MASK;
        let cells = self.moves[to][node as usize & 7];
        let looked = if H::BATCHED {
            // Every child's h before the first is visited (see `Heuristic::BATCHED`). Exact
            // where it decides something: a child is pruned when h > slack, and its f lowers
            // the next threshold only when g + h < next_threshold (which only falls later).
            let mut froms = cells;
            if RESUMING {
                froms[..next as usize].fill(NONE);
            }
            let g = i64::from(self.threshold) - i64::from(slack);
            let needed = i64::from(self.next_threshold) - g - 1;
            let enough = i64::from(slack).max(needed).clamp(0, i64::from(u32::MAX)) as u32;
            self.heuristic
                .after_slides(h, &state, &self.tiles, &self.positions, froms, to, enough)
        } else {
            [(0, H::State::default()); 4]
        };
        let mut stop = 0;
        if RESUMING {
            // Once per resumed node: a loop keeps the module small.
            for dir in next as usize..4 {
                stop = self.child(dir, cells, h, &state, to, slack, &mut count, &looked);
                if stop != 0 {
                    break;
                }
            }
        } else {
            // The four directions written out: when the compiler keeps them as a loop, wasm
            // runs at about half its speed.
            stop = self.child(0, cells, h, &state, to, slack, &mut count, &looked);
            if stop == 0 {
                stop = self.child(1, cells, h, &state, to, slack, &mut count, &looked);
            }
            if stop == 0 {
                stop = self.child(2, cells, h, &state, to, slack, &mut count, &looked);
            }
            if stop == 0 {
                stop = self.child(3, cells, h, &state, to, slack, &mut count, &looked);
            }
        }
        let (ended, stopped_at) = (stop & 3, stop >> 2);
        if ended == 0 {
            return count;
        }
        // The id stays: the parent writes it (or it was there when the walk resumed this node).
        let back = node as usize & 7;
        let depth = self.depth(slack);
        // So does the tile: `Walk::resume` recovers it.
        let frame = &mut self.frames[depth];
        frame.h = h;
        frame.state = state;
        frame.blank = to as u8;
        frame.back = back as u8;
        frame.next = stopped_at as u8;
        count | u64::from(ended)
    }

    /// The child of a node (see [`Walk::children`]) in direction `dir`, its cell `cells[dir]`:
    /// generated, pruned or visited. Returns 0 to go on with the next direction, otherwise
    /// where to resume the node shifted left by two, with how the walk ended (1 goal, 2 paused).
    /// `looked`: the children's h and state when the heuristic is [`Heuristic::BATCHED`].
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn child(
        &mut self,
        dir: usize,
        cells: [u8; 4],
        h: u32,
        state: &H::State,
        to: usize,
        slack: i32,
        count: &mut u64,
        looked: &[(u32, H::State); 4],
    ) -> u32 {
        let from = cells[dir];
        if from == NONE {
            return 0;
        }
        if ids_left(*count) == 0 {
            self.depth_reached = self.depth(slack);
            return (dir as u32) << 2 | 2;
        }
        *count -= ONE_ID;
        let from = from as usize & SLOT_MASK;
        let tile = self.tiles[from];
        let (child_h, child_state) = if H::BATCHED {
            looked[dir]
        } else {
            self.heuristic
                .after_slide(h, state, &self.tiles, &self.positions, tile, from, to)
        };
        if child_h as i32 > slack {
            *count += ONE_PRUNED;
            let f = (self.threshold as i32 - slack) as u32 + child_h;
            if f < self.next_threshold {
                self.next_threshold = f;
            }
            return 0;
        }
        slide::<H>(&mut self.tiles, &mut self.positions, tile, from, to);
        let child_back = dir as u8 ^ self.opposite_xor;
        let child = (self.depth(slack) + 1) & (MAX_DEPTH - 1);
        let child_ended = if child_h == 0 && self.tiles == *self.goal_tiles {
            self.frames[child] = Frame {
                id: self.end - ids_left(*count) - 1,
                h: child_h,
                state: child_state,
                blank: from as u8,
                tile,
                back: child_back,
                next: 0,
            };
            self.depth_reached = child;
            1
        } else {
            let child_node = node_word(from as u8, child_back);
            let before = *count;
            let r = self.children::<false>(child_h, child_state, child_node, slack - 1, before, 0);
            *count = r & !3;
            if r & 3 != 0 {
                // The child wrote its frame but only its parent knows its id.
                self.frames[child].id = self.end - ids_left(before) - 1;
            }
            (r & 3) as u32
        };
        if child_ended != 0 {
            return (dir as u32 + 1) << 2 | child_ended;
        }
        // Read back rather than kept across the call: the tile is where the blank was.
        let from = cells[dir] as usize & SLOT_MASK;
        let tile = self.tiles[to];
        slide::<H>(&mut self.tiles, &mut self.positions, tile, to, from);
        0
    }
}

/// A node's blank cell and back direction in one word, the index of its row of [`Moves`].
#[inline(always)]
fn node_word(blank: u8, back: u8) -> u32 {
    u32::from(blank) << 3 | u32::from(back)
}
