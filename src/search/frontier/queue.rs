//! The frontier itself: a queue (BFS), a stack (DFS) or a priority queue (greedy, A*) of node
//! indices, every one growing by fallible allocation.

use crate::search::Algorithm;
use std::collections::TryReserveError;

/// The frontier of a search, by [`Algorithm`].
#[derive(Clone, Debug)]
pub(super) enum Frontier {
    /// BFS: every node made joins the queue as it is made, and the oldest is taken first, so
    /// the queue is the nodes from index `next` on.
    Queue {
        next: u32,
    },
    Stack(Vec<u32>),
    /// Entries packed by [`entry`]: the smallest is taken first.
    Priority(MinHeap),
}

/// A priority-queue entry: priority, h and node index, packed so that comparing entries
/// compares them in that order. Every node joins the frontier as it is made, so the node index
/// is the insertion number (older first on ties); indices are distinct, so entries are totally
/// ordered and the order they are taken in is fixed.
type Entry = u128;

#[inline(always)]
pub(super) fn entry(priority: u32, h: u32, index: u32) -> Entry {
    u128::from(priority) << 64 | u128::from(h) << 32 | u128::from(index)
}

/// The node index of an [`Entry`].
#[inline(always)]
fn node_of(entry: Entry) -> u32 {
    entry as u32
}

/// A binary min-heap of [`Entry`] on a plain array, so that it grows by fallible allocation
/// (a `BTreeSet` allocates a node at a time and aborts when memory runs out).
#[derive(Clone, Debug, Default)]
pub(super) struct MinHeap {
    items: Vec<Entry>,
}

impl MinHeap {
    /// Adds `entry` (without allocating when the caller reserved room for it).
    #[inline(always)]
    pub(super) fn push(&mut self, entry: Entry) {
        let mut i = self.items.len();
        self.items.push(entry);
        while i > 0 {
            let parent = (i - 1) / 2;
            if self.items[parent] <= entry {
                break;
            }
            self.items[i] = self.items[parent];
            i = parent;
        }
        self.items[i] = entry;
    }

    #[inline(always)]
    fn pop(&mut self) -> Option<Entry> {
        let last = self.items.pop()?;
        let Some(&top) = self.items.first() else {
            return Some(last);
        };
        let n = self.items.len();
        let mut i = 0;
        loop {
            let mut child = 2 * i + 1;
            if child >= n {
                break;
            }
            if child + 1 < n && self.items[child + 1] < self.items[child] {
                child += 1;
            }
            if last <= self.items[child] {
                break;
            }
            self.items[i] = self.items[child];
            i = child;
        }
        self.items[i] = last;
        Some(top)
    }

    /// The node indices of the `limit` smallest entries, smallest first: a walk down the heap
    /// that keeps the candidates (the children of the entries listed so far) in a small heap,
    /// each shifted left by 32 bits (priority, h and node index still order it) and tagged with
    /// its position in this heap.
    fn smallest(&self, limit: usize) -> Vec<u32> {
        let mut out = Vec::new();
        let mut candidates = MinHeap::default();
        if let Some(&first) = self.items.first() {
            candidates.push(first << 32);
        }
        while out.len() < limit {
            let Some(candidate) = candidates.pop() else {
                break;
            };
            let i = candidate as u32 as usize;
            out.push(node_of(self.items[i]));
            for child in [2 * i + 1, 2 * i + 2] {
                if let Some(&e) = self.items.get(child) {
                    candidates.push(e << 32 | child as u128);
                }
            }
        }
        out
    }
}

impl Frontier {
    /// An empty frontier for `algorithm`; `None` for IDA*, which keeps no frontier.
    pub(super) fn new(algorithm: Algorithm) -> Option<Frontier> {
        match algorithm {
            Algorithm::Bfs => Some(Frontier::Queue { next: 0 }),
            Algorithm::Dfs => Some(Frontier::Stack(Vec::new())),
            Algorithm::Greedy | Algorithm::Astar => Some(Frontier::Priority(MinHeap::default())),
            Algorithm::Ida => None,
        }
    }

    /// Empties the frontier, keeping its kind and giving back its memory.
    pub(super) fn clear(&mut self) {
        match self {
            Frontier::Queue { next } => *next = 0,
            Frontier::Stack(s) => *s = Vec::new(),
            Frontier::Priority(p) => *p = MinHeap::default(),
        }
    }

    /// Whether adding an entry needs memory first.
    #[inline(always)]
    pub(super) fn is_full(&self) -> bool {
        match self {
            Frontier::Queue { .. } => false,
            Frontier::Stack(s) => s.len() == s.capacity(),
            Frontier::Priority(p) => p.items.len() == p.items.capacity(),
        }
    }

    /// Room for one more entry.
    pub(super) fn try_reserve_one(&mut self) -> Result<(), TryReserveError> {
        match self {
            Frontier::Queue { .. } => Ok(()),
            Frontier::Stack(s) => s.try_reserve(1),
            Frontier::Priority(p) => p.items.try_reserve(1),
        }
    }

    /// Entries, with `made` nodes made so far.
    #[inline(always)]
    pub(super) fn len(&self, made: usize) -> usize {
        match self {
            Frontier::Queue { next } => made - *next as usize,
            Frontier::Stack(s) => s.len(),
            Frontier::Priority(p) => p.items.len(),
        }
    }

    #[inline(always)]
    pub(super) fn take(&mut self, made: usize) -> Option<u32> {
        match self {
            Frontier::Queue { next } => ((*next as usize) < made).then(|| {
                *next += 1;
                *next - 1
            }),
            Frontier::Stack(s) => s.pop(),
            Frontier::Priority(p) => p.pop().map(node_of),
        }
    }

    /// Node indices in the order they will be taken.
    pub(super) fn ordered(&self, limit: usize, made: usize) -> Vec<u32> {
        match self {
            Frontier::Queue { next } => (*next..made as u32).take(limit).collect(),
            Frontier::Stack(s) => s.iter().rev().take(limit).copied().collect(),
            Frontier::Priority(p) => p.smallest(limit),
        }
    }
}
