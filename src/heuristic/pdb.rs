//! Additive (disjoint) pattern databases for the 15-puzzle: a 6-6-3 partition of the tiles, and
//! the maximum with the same lookup on the board reflected about the main diagonal.
//!
//! A pattern's abstract state is the placement of its tiles plus the blank's *region*: the free
//! cells (no pattern tile on them) the blank can reach, since the other tiles move at no cost.
//! Its value is the fewest moves *of the pattern's tiles* to bring them to their goal cells.
//! The three patterns share no tile and each real move slides one tile, so the sum of the three
//! values never exceeds the true distance (admissible); a real move changes at most one pattern's
//! abstract state, by one abstract move, so h changes by at most one (consistent). Reflecting
//! the board about the main diagonal (the goal's blank sits on it in both conventions) gives a
//! board with the same distance, so the larger of the two sums is admissible and consistent too.
//!
//! Keeping the blank's region matters: the usual compression (one value per placement, the
//! minimum over blank positions) is inconsistent, and ignoring the blank altogether costs ten
//! times the nodes on Korf's instances. Exact values per (placement, blank cell) would take
//! 58 MB per 6-tile pattern, so each state stores its value modulo 3 (2 bits): consistency
//! makes neighbouring values differ by at most one, so the search recovers each child's exact
//! value from its parent's, and a from-scratch value is found by walking down to the goal.
//!
//! The partition, by goal cell (blank-last; blank-first uses it rotated by 180°, so that the two
//! conventions of Korf's instances search the same trees):
//!
//! ```text
//!  A  A  B  B
//!  A  A  B  B
//!  A  A  B  B
//!  C  C  C  _
//! ```
//!
//! States are indexed by the placement's rank (16 × 15 × … × (16 − k + 1)) times the blank's rank
//! among the 16 − k free cells: 57,657,600 states (14.4 MB) for a 6-tile pattern.

use super::{Heuristic, HeuristicKind, NO_CHILD};
use crate::board::{Goal, Tiles, SLOTS, SLOT_MASK};
use crate::error::Error;
use std::fmt;
use std::sync::Arc;

/// Cells of the 4×4 board.
const CELLS: usize = 16;
/// The partition by goal cell for blank-last (see the module docs).
const PATTERNS_BLANK_LAST: [&[usize]; 3] =
    [&[0, 1, 4, 5, 8, 9], &[2, 3, 6, 7, 10, 11], &[12, 13, 14]];
/// Format tag of serialised databases (bump when the layout or partition changes).
const MAGIC: &[u8; 8] = b"TSPDB3M2";
/// SHA-256 of the three tables of a correct build, per goal convention. A cache loads only when
/// its tables hash to this, so an altered one can never search with wrong (inadmissible) values;
/// a change to the partition or the build must change these (tests/pdb.rs checks them).
const DIGESTS: [(Goal, &str); 2] = [
    (
        Goal::BlankLast,
        "7511231acb5ea8b6748d95c7fccb67527e3d759c4c233d17b770b530793becf5",
    ),
    (
        Goal::BlankFirst,
        "6311dd827e67d3e39448f5bd229e51389511c15b977e2cb1a9935035aa7623b2",
    ),
];
/// The 2-bit code of a state not reached (yet): values are stored modulo 3 as 0, 1, 2.
const UNREACHED: u8 = 3;

/// The number of placements of `k` distinct tiles on 16 cells: 16 × 15 × … × (16 − k + 1).
fn placements(k: usize) -> usize {
    (0..k).map(|i| CELLS - i).product()
}

/// The number of (placement, blank cell) states of a `k`-tile pattern.
fn states(k: usize) -> usize {
    placements(k) * (CELLS - k)
}

/// The rank of a placement (cells of the pattern's tiles, in pattern order) among all
/// placements: a mixed-radix number whose i-th digit is the cell's rank among unused cells.
#[inline(always)]
fn rank(cells: &[u8]) -> usize {
    let mut used = 0u32;
    let mut index = 0usize;
    for (i, &c) in cells.iter().enumerate() {
        let below = (used & ((1u32 << c) - 1)).count_ones() as usize;
        index = index * (CELLS - i) + c as usize - below;
        used |= 1 << c;
    }
    index
}

/// The index of the state (placement `cells` occupying `occupied`, blank on `blank`).
#[inline(always)]
fn state_index(cells: &[u8], occupied: u32, blank: usize) -> usize {
    let free_below = blank - (occupied & ((1u32 << blank) - 1)).count_ones() as usize;
    rank(cells) * (CELLS - cells.len()) + free_below
}

#[inline(always)]
fn get(table: &[u8], index: usize) -> u8 {
    table[index >> 2] >> ((index & 3) * 2) & 3
}

#[inline(always)]
fn set(table: &mut [u8], index: usize, value: u8) {
    let shift = (index & 3) * 2;
    table[index >> 2] = table[index >> 2] & !(3 << shift) | value << shift;
}

/// SHA-256 over the three tables, as lowercase hex.
fn digest(tables: &[Vec<u8>]) -> String {
    use sha2::{Digest, Sha256};
    // Written out by hand: `format!("{:02x}")` would pull integer formatting into the wasm module.
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut hasher = Sha256::new();
    // In slices: each is one call of the block function, so a wasm engine that starts with
    // baseline code and optimises a function after some calls runs most of the 29 MB optimised
    // (in one call a first load took about 950 ms in V8, the next ones 190 ms).
    for table in tables {
        for slice in table.chunks(1 << 16) {
            hasher.update(slice);
        }
    }
    hasher
        .finalize()
        .iter()
        .flat_map(|&b| {
            [
                HEX[(b >> 4) as usize] as char,
                HEX[(b & 15) as usize] as char,
            ]
        })
        .collect()
}

/// The pinned digest of a correct build for `goal`.
pub fn pinned_digest(goal: Goal) -> &'static str {
    DIGESTS
        .iter()
        .find(|(g, _)| *g == goal)
        .map(|(_, d)| *d)
        .expect("a digest for every goal")
}

fn neighbors(cell: usize) -> u32 {
    let (r, c) = (cell / 4, cell % 4);
    let mut mask = 0;
    if c > 0 {
        mask |= 1 << (cell - 1);
    }
    if c < 3 {
        mask |= 1 << (cell + 1);
    }
    if r > 0 {
        mask |= 1 << (cell - 4);
    }
    if r < 3 {
        mask |= 1 << (cell + 4);
    }
    mask
}

/// The cells reachable from `start` through `free` cells: the region grows by a step in all
/// four directions at once (shifts of the 16-bit mask, the row ends masked off).
#[inline(always)]
fn flood(start: usize, free: u32) -> u32 {
    const NOT_FIRST_COLUMN: u32 = !0x1111;
    const NOT_LAST_COLUMN: u32 = !0x8888;
    let free = free & 0xffff;
    let mut region = 1u32 << (start & 15);
    loop {
        let grown = region
            | (region << 1 & NOT_FIRST_COLUMN)
            | (region >> 1 & NOT_LAST_COLUMN)
            | region << 4
            | region >> 4;
        let grown = grown & free | region;
        if grown == region {
            return region;
        }
        region = grown;
    }
}

fn occupancy(cells: &[u8]) -> u32 {
    cells.iter().fold(0, |m, &c| m | 1 << c)
}

/// The tiles of each pattern for a goal, in pattern order.
fn pattern_tiles(goal: Goal) -> [Vec<u8>; 3] {
    PATTERNS_BLANK_LAST.map(|cells| {
        cells
            .iter()
            .map(|&c| {
                let cell = match goal {
                    Goal::BlankLast => c,
                    Goal::BlankFirst => CELLS - 1 - c,
                };
                goal.tile_at(cell, CELLS)
            })
            .collect()
    })
}

/// The three databases of one goal convention. Searches share them through an `Arc` (see
/// [`crate::heuristic::HeuristicChoice::Pdb`]); whoever builds or loads them keeps them.
pub struct PatternDatabases {
    goal: Goal,
    patterns: [Vec<u8>; 3],
    /// Per pattern: each state's distance modulo 3, four states per byte.
    tables: [Vec<u8>; 3],
    digest: String,
}

// By hand: the derived form would print all 29 MB of tables wherever a value holding them is
// debug-printed (an assertion's message, a log).
impl fmt::Debug for PatternDatabases {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PatternDatabases")
            .field("goal", &self.goal)
            .field("digest", &self.digest)
            .finish_non_exhaustive()
    }
}

impl PatternDatabases {
    /// The goal convention the databases are for.
    pub fn goal(&self) -> Goal {
        self.goal
    }

    /// SHA-256 of the three tables, in hex (identical for every build: [`pinned_digest`]).
    pub fn digest(&self) -> &str {
        &self.digest
    }

    /// Total size of the tables in bytes.
    pub fn bytes(&self) -> usize {
        self.tables.iter().map(Vec::len).sum()
    }

    /// The databases as bytes (for a cache): a tag, the goal and the tables.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.bytes() + 32);
        out.extend_from_slice(MAGIC);
        out.push(u8::from(matches!(self.goal, Goal::BlankFirst)));
        for table in &self.tables {
            out.extend_from_slice(table);
        }
        out
    }

    /// Databases read back from [`PatternDatabases::to_bytes`]; fails (so the caller rebuilds)
    /// unless the bytes are an exact copy of a correct build for `goal`: their tables must hash
    /// to the pinned SHA-256 digest.
    pub fn from_bytes(goal: Goal, bytes: &[u8]) -> Result<PatternDatabases, Error> {
        let patterns = pattern_tiles(goal);
        let sizes: Vec<usize> = patterns
            .iter()
            .map(|p| states(p.len()).div_ceil(4))
            .collect();
        let expected = MAGIC.len() + 1 + sizes.iter().sum::<usize>();
        let bad = |why: &str| Error::InvalidOption(format!("pattern databases rejected: {why}"));
        if bytes.len() != expected {
            return Err(bad("wrong size"));
        }
        if &bytes[..MAGIC.len()] != MAGIC {
            return Err(bad("not tilesearch 6-6-3 databases of this version"));
        }
        if bytes[MAGIC.len()] != u8::from(matches!(goal, Goal::BlankFirst)) {
            return Err(bad("built for the other goal convention"));
        }
        let mut at = MAGIC.len() + 1;
        let parts = [0, 1, 2].map(|i| {
            let t = bytes[at..at + sizes[i]].to_vec();
            at += sizes[i];
            t
        });
        PatternDatabases::from_parts(goal, parts)
    }

    /// Databases from the three tables built separately ([`PdbBuilder::part`], one per thread
    /// or worker, then [`PdbBuilder::finish_part`]), in pattern order; fails unless they are
    /// exactly a correct build's: each of its size, together hashing to the pinned digest.
    pub fn from_parts(goal: Goal, parts: [Vec<u8>; 3]) -> Result<PatternDatabases, Error> {
        let patterns = pattern_tiles(goal);
        let bad = |why: String| Error::InvalidOption(format!("pattern databases rejected: {why}"));
        for (p, part) in parts.iter().enumerate() {
            let size = states(patterns[p].len()).div_ceil(4);
            if part.len() != size {
                return Err(bad(format!(
                    "pattern {p}'s table has {} bytes, not {size}",
                    part.len()
                )));
            }
        }
        let tables = parts;
        let digest = digest(&tables);
        if digest != pinned_digest(goal) {
            return Err(bad(
                "their SHA-256 digest is not that of this version's build (a damaged or altered copy)".into(),
            ));
        }
        Ok(PatternDatabases {
            goal,
            patterns,
            tables,
            digest,
        })
    }

    /// The goal cells of pattern `p`'s tiles.
    fn goal_cells(&self, p: usize) -> [u8; 6] {
        let mut cells = [0u8; 6];
        for (c, &t) in cells.iter_mut().zip(&self.patterns[p]) {
            *c = self.goal.position_of(t, CELLS) as u8;
        }
        cells
    }

    /// The exact value of pattern `p`'s state (its tiles on `cells`, the blank on `blank`): a
    /// walk down to the goal placement, each step to a neighbour one less modulo 3.
    fn exact(&self, p: usize, cells: [u8; 6], blank: usize) -> u8 {
        let k = self.patterns[p].len();
        let table = &self.tables[p];
        let goal = self.goal_cells(p);
        let (mut cells, mut blank) = (cells, blank);
        let mut distance = 0u8;
        while cells[..k] != goal[..k] && distance < u8::MAX {
            let occupied = occupancy(&cells[..k]);
            let here = get(table, state_index(&cells[..k], occupied, blank));
            let closer = (here + 2) % 3;
            let region = flood(blank, !occupied & 0xffff);
            let step = (0..k).find_map(|i| {
                let from = cells[i] as usize;
                let mut targets = neighbors(from) & region;
                while targets != 0 {
                    let to = targets.trailing_zeros() as u8;
                    targets &= targets - 1;
                    let mut moved = cells;
                    moved[i] = to;
                    let now = occupied & !(1 << from) | 1 << to;
                    if get(table, state_index(&moved[..k], now, from)) == closer {
                        return Some((moved, from));
                    }
                }
                None
            });
            // Every state but the goal's has a neighbour one closer; a damaged table stops here.
            let Some((moved, from)) = step else { break };
            cells = moved;
            blank = from;
            distance += 1;
        }
        distance
    }
}

/// A resumable build of the three databases, so that a page can build them in slices and show
/// progress. [`PatternDatabases::build`] runs one to the end.
pub struct PdbBuilder {
    goal: Goal,
    patterns: [Vec<u8>; 3],
    tables: [Vec<u8>; 3],
    /// The pattern being built (`last + 1` when done).
    current: usize,
    /// The last pattern this build makes: 2 for all three, else the one of [`PdbBuilder::part`].
    last: usize,
    /// Breadth-first queue of regions: the pattern's cells (4 bits each), then one cell of the
    /// blank's region; and the depth of each entry.
    queue: Vec<u32>,
    depths: Vec<u8>,
    head: usize,
    filled: usize,
}

impl PdbBuilder {
    /// A build for the 4×4 board and `goal`.
    pub fn new(goal: Goal) -> PdbBuilder {
        PdbBuilder::range(goal, 0, 2)
    }

    /// A build of pattern `part` (0, 1 or 2) alone, to build the three at once on separate
    /// threads or workers: [`PdbBuilder::finish_part`] gives its table, and
    /// [`PatternDatabases::from_parts`] puts the three together. `None` for another number.
    pub fn part(goal: Goal, part: usize) -> Option<PdbBuilder> {
        (part < 3).then(|| PdbBuilder::range(goal, part, part))
    }

    fn range(goal: Goal, first: usize, last: usize) -> PdbBuilder {
        let patterns = pattern_tiles(goal);
        // All codes UNREACHED (0b11) to begin with; only the tables this build makes.
        let tables = [0, 1, 2].map(|i| {
            if (first..=last).contains(&i) {
                vec![0xffu8; states(patterns[i].len()).div_ceil(4)]
            } else {
                Vec::new()
            }
        });
        let mut builder = PdbBuilder {
            goal,
            patterns,
            tables,
            current: first,
            last,
            queue: Vec::new(),
            depths: Vec::new(),
            head: 0,
            filled: 0,
        };
        builder.start_pattern();
        builder
    }

    fn start_pattern(&mut self) {
        self.queue = Vec::new();
        self.depths = Vec::new();
        self.head = 0;
        if self.current > self.last {
            return;
        }
        let mut cells = [0u8; 6];
        for (i, &t) in self.patterns[self.current].iter().enumerate() {
            cells[i] = self.goal.position_of(t, CELLS) as u8;
        }
        let occupied = occupancy(&cells[..self.patterns[self.current].len()]);
        // The goal placement with the blank in any free region (all of them are at 0).
        let free = !occupied & 0xffff;
        let mut left = free;
        while left != 0 {
            let blank = left.trailing_zeros() as usize;
            left &= !flood(blank, free);
            self.reach(cells, occupied, blank, 0);
        }
    }

    /// Records the region of `blank` for the placement `cells` at `depth`, unless reached.
    #[inline(always)]
    fn reach(&mut self, cells: [u8; 6], occupied: u32, blank: usize, depth: u8) {
        let k = self.patterns[self.current].len();
        let table = &mut self.tables[self.current];
        let base = rank(&cells[..k]) * (CELLS - k);
        let free_rank = |c: usize| c - (occupied & ((1u32 << c) - 1)).count_ones() as usize;
        if get(table, base + free_rank(blank)) != UNREACHED {
            return;
        }
        let mut region = flood(blank, !occupied & 0xffff);
        while region != 0 {
            let c = region.trailing_zeros() as usize;
            region &= region - 1;
            set(table, base + free_rank(c), depth % 3);
            self.filled += 1;
        }
        let mut packed = 0u32;
        for (i, &c) in cells.iter().enumerate().take(k) {
            packed |= u32::from(c) << (4 * i);
        }
        self.queue.push(packed | (blank as u32) << (4 * k));
        self.depths.push(depth);
    }

    /// Fraction of this build's states reached so far (0 to 1).
    pub fn progress(&self) -> f64 {
        if self.done() {
            return 1.0;
        }
        let total: usize = (0..3)
            .filter(|&p| !self.tables[p].is_empty())
            .map(|p| states(self.patterns[p].len()))
            .sum();
        self.filled as f64 / total as f64
    }

    /// True once this build's databases are built (all three, or its part).
    pub fn done(&self) -> bool {
        self.current > self.last
    }

    /// The pattern of a [`PdbBuilder::part`] build; `None` for a build of all three.
    pub fn part_number(&self) -> Option<usize> {
        let first = self.tables.iter().position(|t| !t.is_empty())?;
        (first == self.last && self.tables.iter().filter(|t| !t.is_empty()).count() == 1)
            .then_some(first)
    }

    /// Expands about `budget` regions; returns true when the build is complete.
    pub fn work(&mut self, budget: usize) -> bool {
        let mut left = budget;
        while self.current <= self.last && left > 0 {
            if self.head == self.queue.len() {
                self.current += 1;
                self.start_pattern();
                continue;
            }
            let (packed, depth) = (self.queue[self.head], self.depths[self.head]);
            self.head += 1;
            left -= 1;
            self.expand(packed, depth);
        }
        self.done()
    }

    /// Slides each pattern tile next to the blank's region into it (cost one; the blank takes
    /// the tile's cell) and records the regions reached. The successors' codes are read
    /// together first, so that their cache misses overlap, then only the unreached are recorded.
    fn expand(&mut self, packed: u32, depth: u8) {
        let k = self.patterns[self.current].len();
        let mut cells = [0u8; 6];
        for (i, cell) in cells.iter_mut().enumerate().take(k) {
            *cell = (packed >> (4 * i) & 15) as u8;
        }
        let occupied = occupancy(&cells[..k]);
        let blank = (packed >> (4 * k) & 15) as usize;
        let region = flood(blank, !occupied & 0xffff);
        // Each successor's rank from this placement's, as the search does (`Pdb::step`): a
        // tile sliding sideways changes only its own digit; sliding up or down, it also passes
        // three cells, and each pattern tile there changes a digit by one.
        let base = rank(&cells[..k]);
        let mut weights = [0usize; 6];
        for (i, w) in weights.iter_mut().enumerate().take(k) {
            *w = (i + 1..k).map(|j| CELLS - j).product();
        }
        let mut place_at = [u8::MAX; 16];
        for (i, &c) in cells.iter().enumerate().take(k) {
            place_at[c as usize & 15] = i as u8;
        }
        // At most 4 moves per tile; (tile, target cell) and the state index of each.
        let mut moves = [(0u8, 0u8); 24];
        let mut indices = [0usize; 24];
        let mut n = 0;
        for i in 0..k {
            let from = cells[i] as usize;
            let w = weights[i];
            let mut targets = neighbors(from) & region;
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                let mut step = w * from.abs_diff(to);
                let mut fewer = 0;
                if from.abs_diff(to) == 4 {
                    for c in from.min(to) + 1..from.min(to) + 4 {
                        match place_at[c & 15] as usize {
                            j if j < i => fewer += w,
                            j if j < k => step += weights[j],
                            _ => {}
                        }
                    }
                }
                let moved = if to > from {
                    base + step - fewer
                } else {
                    base + fewer - step
                };
                let now = occupied & !(1 << from) | 1 << to;
                let free_below = from - (now & ((1u32 << from) - 1)).count_ones() as usize;
                indices[n % 24] = moved * (CELLS - k) + free_below;
                moves[n % 24] = (i as u8, to as u8);
                n += 1;
            }
        }
        let table = &self.tables[self.current];
        let mut codes = [0u8; 24];
        for (code, &index) in codes.iter_mut().zip(&indices).take(n) {
            *code = get(table, index);
        }
        for (&code, &(i, to)) in codes.iter().zip(&moves).take(n) {
            if code == UNREACHED {
                let from = cells[i as usize] as usize;
                let mut moved = cells;
                moved[i as usize] = to;
                let now = occupied & !(1 << from) | 1 << to;
                self.reach(moved, now, from, depth + 1);
            }
        }
    }

    /// The finished databases (`None` until [`PdbBuilder::done`], and for a part's build).
    pub fn finish(self) -> Option<PatternDatabases> {
        if !self.done() || self.tables.iter().any(Vec::is_empty) {
            return None;
        }
        let digest = digest(&self.tables);
        Some(PatternDatabases {
            goal: self.goal,
            patterns: self.patterns,
            tables: self.tables,
            digest,
        })
    }
}

impl PdbBuilder {
    /// The table of a finished [`PdbBuilder::part`] build (`None` before it is done, and for a
    /// build of all three).
    pub fn finish_part(self) -> Option<Vec<u8>> {
        let part = self.part_number()?;
        if !self.done() {
            return None;
        }
        let [a, b, c] = self.tables;
        Some([a, b, c].into_iter().nth(part).unwrap_or_default())
    }
}

impl PatternDatabases {
    /// Builds the databases for `goal` (seconds natively; natively its parts on threads).
    pub fn build(goal: Goal) -> PatternDatabases {
        // Natively the three parts on threads of their own where there are cores for them
        // (the two 6-tile patterns take nearly all the time).
        #[cfg(not(target_arch = "wasm32"))]
        if std::thread::available_parallelism().is_ok_and(|n| n.get() >= 2) {
            let parts = std::thread::scope(|scope| {
                [0, 1, 2]
                    .map(|p| {
                        scope.spawn(move || {
                            let mut builder =
                                PdbBuilder::part(goal, p).unwrap_or_else(|| unreachable!());
                            while !builder.work(1 << 20) {}
                            builder.finish_part().unwrap_or_else(|| unreachable!())
                        })
                    })
                    .map(|b| b.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            });
            // The parts of a correct build always fit together.
            return PatternDatabases::from_parts(goal, parts)
                .unwrap_or_else(|e| unreachable!("{e}"));
        }
        let mut builder = PdbBuilder::new(goal);
        while !builder.work(1 << 20) {}
        // `work` returned true: the build is complete.
        builder.finish().unwrap_or_else(|| unreachable!())
    }
}

/// `databases` checked for a `width` board towards `goal`: the 4×4 board only, and databases
/// built for that goal (`None`, or another goal's: [`Error::PdbMissing`]). The width is
/// checked first, so that a pdb search on another board says so whether or not databases are
/// at hand.
pub fn require(
    databases: Option<Arc<PatternDatabases>>,
    width: usize,
    goal: Goal,
) -> Result<Arc<PatternDatabases>, Error> {
    if width != 4 {
        return Err(Error::PdbWidth { width });
    }
    databases
        .filter(|d| d.goal == goal)
        .ok_or(Error::PdbMissing { goal })
}

/// The pattern-database heuristic: the larger of the additive 6-6-3 values and the same on the
/// board reflected about the main diagonal.
///
/// IDA* keeps, per node, each lookup's placement rank and occupied cells ([`PdbState`]) and
/// updates them with the move: a tile sliding sideways changes its pattern's rank by its own
/// digit's weight, and a tile sliding up or down also passes the three cells between its old
/// and new cell, so only the pattern tiles standing there change the rank further. No rank is
/// computed from scratch below the root; the reflected board sees every move turned by 90°.
#[derive(Clone, Debug)]
pub struct Pdb {
    databases: Arc<PatternDatabases>,
    /// `pattern_of[tile]`: which pattern a tile is in (`NONE` for the blank).
    pattern_of: [u8; SLOTS],
    /// The reflection: the tile whose goal cell mirrors this tile's, and each cell's mirror.
    mirror_tile: [u8; SLOTS],
    mirror_cell: [u8; SLOTS],
    /// `movers[side][tile]`: what a slide of the real board's `tile` changes on the board
    /// itself (side 0) or on its reflection (side 1), where it stands for `mirror_tile[tile]`.
    movers: [[Mover; 16]; 2],
    /// `crossed[side][moved][tile]`: how much the rank of `moved`'s pattern changes (modulo
    /// 2³²) when `moved` slides down past `tile` (the opposite when it slides up), both real
    /// tiles seen on `side`'s board: the weight of the passed tile's digit if it is later in
    /// the pattern (one fewer earlier cell below it), minus the moved tile's if earlier (one
    /// more below the moved tile), else 0.
    crossed: [[[u32; 16]; 16]; 2],
}

/// What one slide of a tile changes on one side (see [`Pdb::movers`]).
#[derive(Clone, Copy, Debug, Default)]
struct Mover {
    /// One step of the tile's digit in its pattern's rank.
    weight: u32,
    /// Its lookup in [`PdbState`] (0..3 on the board, 3..6 on the reflection).
    at: u8,
    /// Its pattern.
    pattern: u8,
}

/// `pattern_of` of the blank.
const NONE: u8 = 3;

/// The exact values of the three patterns, then of the reflected board's three: what the
/// frontier searches keep per node (they rank each lookup from the board's positions).
pub type PdbValues = [u8; 6];

/// Per node, for the incremental lookup: [`PdbValues`], and for each of the six lookups the
/// placement's rank and the cells its tiles occupy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PdbState {
    values: PdbValues,
    ranks: [u32; 6],
    occupied: [u16; 6],
}

fn sums(values: PdbValues) -> u32 {
    let direct: u32 = values[..3].iter().map(|&v| u32::from(v)).sum();
    let mirrored: u32 = values[3..].iter().map(|&v| u32::from(v)).sum();
    direct.max(mirrored)
}

/// `RECOVERED[value << 2 | code]`: the new value from the old and the stored residue modulo 3
/// of the new state: the value went down, stayed or went up by one (consistency). A table
/// rather than two divisions by 3 in the search's innermost step.
static RECOVERED: [u8; 1024] = {
    let mut table = [0u8; 1024];
    let mut i = 0;
    while i < 1024 {
        let (before, code) = ((i >> 2) as u8, (i & 3) as u8);
        table[i] = match (code + 3 - before % 3) % 3 {
            0 => before,
            1 => before.saturating_add(1),
            _ => before.saturating_sub(1),
        };
        i += 1;
    }
    table
};

#[inline(always)]
fn recovered(before: u8, code: u8) -> u8 {
    RECOVERED[(before as usize) << 2 | code as usize & 3]
}

impl Pdb {
    /// The heuristic for a 4×4 board towards the databases' goal.
    pub fn new(databases: Arc<PatternDatabases>) -> Pdb {
        let goal = databases.goal;
        let mut pattern_of = [NONE; SLOTS];
        let mut place = [0u8; SLOTS];
        for (p, tiles) in databases.patterns.iter().enumerate() {
            for (i, &t) in tiles.iter().enumerate() {
                pattern_of[t as usize] = p as u8;
                place[t as usize] = i as u8;
            }
        }
        let mirror = |cell: usize| (cell % 4) * 4 + cell / 4;
        let mut mirror_tile = [0u8; SLOTS];
        let mut mirror_cell = [0u8; SLOTS];
        for cell in 0..CELLS {
            mirror_cell[cell] = mirror(cell) as u8;
            mirror_tile[goal.tile_at(cell, CELLS) as usize] = goal.tile_at(mirror(cell), CELLS);
        }
        let mut weight = [[0u32; 6]; 3];
        for (p, tiles) in databases.patterns.iter().enumerate() {
            let k = tiles.len();
            for (i, w) in weight[p].iter_mut().enumerate().take(k) {
                *w = (i + 1..k).map(|j| (CELLS - j) as u32).product();
            }
        }
        let mut movers = [[Mover::default(); 16]; 2];
        let mut crossed = [[[0u32; 16]; 16]; 2];
        for side in 0..2 {
            // The tile that stands for real tile `t` on this side's board.
            let image = |t: usize| {
                if side == 0 {
                    t
                } else {
                    mirror_tile[t] as usize
                }
            };
            for t in 1..CELLS {
                let u = image(t);
                let (p, i) = (pattern_of[u] as usize, place[u] as usize);
                movers[side][t] = Mover {
                    weight: weight[p][i],
                    at: (3 * side + p) as u8,
                    pattern: p as u8,
                };
                for (passed, change) in crossed[side][t].iter_mut().enumerate().skip(1) {
                    let v = image(passed);
                    let j = place[v] as usize;
                    if pattern_of[v] as usize == p && j > i {
                        *change = weight[p][j];
                    } else if pattern_of[v] as usize == p && j < i {
                        *change = weight[p][i].wrapping_neg();
                    }
                }
            }
        }
        Pdb {
            databases,
            pattern_of,
            mirror_tile,
            mirror_cell,
            movers,
            crossed,
        }
    }

    /// The cells of pattern `p`'s tiles with the tiles at `positions`, except `moved` at `to`;
    /// on the reflected board when `mirrored` (there tile `mirror_tile[t]` stands on
    /// `mirror_cell[positions[t]]`; the reflection is an involution).
    #[inline(always)]
    fn cells(&self, p: usize, positions: &Tiles, moved: u8, to: u8, mirrored: bool) -> [u8; 6] {
        let mut cells = [0u8; 6];
        for (cell, &u) in cells.iter_mut().zip(&self.databases.patterns[p]) {
            if mirrored {
                let t = self.mirror_tile[u as usize & SLOT_MASK];
                let at = if t == moved {
                    to
                } else {
                    positions[t as usize & SLOT_MASK]
                };
                *cell = self.mirror_cell[at as usize & SLOT_MASK];
            } else {
                *cell = if u == moved {
                    to
                } else {
                    positions[u as usize & SLOT_MASK]
                };
            }
        }
        cells
    }

    /// Pattern `p`'s value after a move, from its value before (ranked from scratch).
    #[inline(always)]
    fn updated(&self, p: usize, before: u8, cells: [u8; 6], blank: usize) -> u8 {
        let k = self.databases.patterns[p].len();
        let index = state_index(&cells[..k], occupancy(&cells[..k]), blank);
        recovered(before, get(&self.databases.tables[p], index))
    }

    /// One of the six lookups after a move, from the parent's `state` into `next`: on `side`'s
    /// board, where real tile `tile` goes from cell `a` to the blank's cell `b` (that board's
    /// cells); `between` are the real cells of the three cells passed on a vertical move.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn step(
        &self,
        state: &PdbState,
        next: &mut PdbState,
        side: usize,
        tile: usize,
        tiles: &Tiles,
        a: usize,
        b: usize,
        between: [u8; 3],
    ) {
        let side = side & 1;
        let m = self.movers[side][tile & 15];
        let at = m.at as usize;
        let rank = state.ranks[at];
        let rank = if a.abs_diff(b) == 1 {
            // Sideways: no cell in between, so only the tile's own digit changes.
            if b > a {
                rank.wrapping_add(m.weight)
            } else {
                rank.wrapping_sub(m.weight)
            }
        } else {
            let crossed = &self.crossed[side][tile & 15];
            let passed = |i: usize| crossed[tiles[between[i] as usize & SLOT_MASK] as usize & 15];
            let moved = (4 * m.weight)
                .wrapping_add(passed(0))
                .wrapping_add(passed(1))
                .wrapping_add(passed(2));
            if b > a {
                rank.wrapping_add(moved)
            } else {
                rank.wrapping_sub(moved)
            }
        };
        let occupied = state.occupied[at] ^ (1 << (a & 15) | 1 << (b & 15));
        // The blank ends on `a`: its rank among the free cells.
        let free_below = a - (u32::from(occupied) & ((1u32 << (a & 15)) - 1)).count_ones() as usize;
        let p = m.pattern as usize % 3;
        let free = CELLS - self.databases.patterns[p].len();
        let code = get(&self.databases.tables[p], rank as usize * free + free_below);
        next.ranks[at] = rank;
        next.occupied[at] = occupied;
        next.values[at] = recovered(state.values[at], code);
    }

    /// The lookup of the moved tile's pattern on the board, after `tile` slides from `from`
    /// into the blank at `to`.
    #[inline(always)]
    fn on_board(
        &self,
        state: &PdbState,
        next: &mut PdbState,
        tiles: &Tiles,
        tile: usize,
        from: usize,
        to: usize,
    ) {
        let lo = (from.min(to) & 15) as u8;
        let between = [lo + 1, lo + 2, lo + 3];
        self.step(state, next, 0, tile, tiles, from & 15, to & 15, between);
    }

    /// The same on the reflected board, where the move is turned by 90°.
    #[inline(always)]
    fn on_reflection(
        &self,
        state: &PdbState,
        next: &mut PdbState,
        tiles: &Tiles,
        tile: usize,
        from: usize,
        to: usize,
    ) {
        let (a, b) = (
            self.mirror_cell[from & 15] as usize,
            self.mirror_cell[to & 15] as usize,
        );
        let lo = a.min(b) & 15;
        let between = [
            self.mirror_cell[lo + 1],
            self.mirror_cell[lo + 2],
            self.mirror_cell[lo + 3],
        ];
        self.step(state, next, 1, tile, tiles, a, b, between);
    }

    /// [`Heuristic::after_slide`] for searches that keep only the values (the frontier
    /// searches, through [`super::AnyHeuristic`]): each lookup ranked from scratch.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(crate) fn after_slide_values(
        &self,
        values: PdbValues,
        positions: &Tiles,
        tile: u8,
        from: usize,
        to: usize,
    ) -> (u32, PdbValues) {
        // Only the moved tile's pattern changes (others see the blank stay in its region); the
        // blank ends on `from`.
        let mut next = values;
        let p = self.pattern_of[tile as usize & SLOT_MASK] as usize & 3;
        if p < 3 {
            let cells = self.cells(p, positions, tile, to as u8, false);
            next[p] = self.updated(p, values[p], cells, from);
        }
        let mirror = self.mirror_tile[tile as usize & SLOT_MASK];
        let q = self.pattern_of[mirror as usize & SLOT_MASK] as usize & 3;
        if q < 3 {
            let cells = self.cells(q, positions, tile, to as u8, true);
            let blank = self.mirror_cell[from & SLOT_MASK] as usize;
            next[3 + q] = self.updated(q, values[3 + q], cells, blank);
        }
        (sums(next), next)
    }

    /// [`Heuristic::start`] keeping only the values.
    pub(crate) fn start_values(&self, tiles: &[u8]) -> (u32, PdbValues) {
        let (h, state) = self.start(tiles);
        (h, state.values)
    }
}

impl Heuristic for Pdb {
    type State = PdbState;

    fn kind(&self) -> HeuristicKind {
        HeuristicKind::Pdb
    }

    fn start(&self, tiles: &[u8]) -> (u32, PdbState) {
        let mut positions: Tiles = [0; SLOTS];
        for (cell, &t) in tiles.iter().enumerate() {
            positions[t as usize & SLOT_MASK] = cell as u8;
        }
        let blank = positions[0] as usize;
        let mirrored_blank = self.mirror_cell[blank] as usize;
        let mut state = PdbState::default();
        for p in 0..3 {
            let k = self.databases.patterns[p].len();
            for (side, blank) in [(0, blank), (1, mirrored_blank)] {
                let cells = self.cells(p, &positions, 0, 0, side == 1);
                let at = 3 * side + p;
                state.values[at] = self.databases.exact(p, cells, blank);
                state.ranks[at] = rank(&cells[..k]) as u32;
                state.occupied[at] = occupancy(&cells[..k]) as u16;
            }
        }
        (sums(state.values), state)
    }

    #[inline(always)]
    fn after_slide(
        &self,
        _: u32,
        state: &PdbState,
        tiles: &Tiles,
        _: &Tiles,
        tile: u8,
        from: usize,
        to: usize,
    ) -> (u32, PdbState) {
        // Only the moved tile's pattern changes, on each board (the other patterns see the
        // blank stay in its region): one lookup each.
        let mut next = *state;
        self.on_board(state, &mut next, tiles, tile as usize, from, to);
        self.on_reflection(state, &mut next, tiles, tile as usize, from, to);
        (sums(next.values), next)
    }

    const BATCHED: bool = true;

    /// First the lookups on the board for every child, then those on the reflected board for
    /// the children the first did not already prune past `enough`: each round's cache misses
    /// overlap, and a child pruned by the first needs no second.
    #[inline(always)]
    fn after_slides(
        &self,
        _: u32,
        state: &PdbState,
        tiles: &Tiles,
        _: &Tiles,
        froms: [u8; 4],
        to: usize,
        enough: u32,
    ) -> [(u32, PdbState); 4] {
        let mut out = [(0, *state); 4];
        for (child, &from) in out.iter_mut().zip(&froms) {
            if from != NO_CHILD {
                let from = from as usize & 15;
                self.on_board(state, &mut child.1, tiles, tiles[from] as usize, from, to);
            }
        }
        for (child, &from) in out.iter_mut().zip(&froms) {
            if from != NO_CHILD {
                let direct = child.1.values[..3]
                    .iter()
                    .map(|&v| u32::from(v))
                    .sum::<u32>();
                if direct > enough {
                    child.0 = direct;
                    continue;
                }
                let from = from as usize & 15;
                self.on_reflection(state, &mut child.1, tiles, tiles[from] as usize, from, to);
                child.0 = sums(child.1.values);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_a_bijection_onto_the_table() {
        let mut seen = vec![false; placements(3)];
        for a in 0..16u8 {
            for b in (0..16u8).filter(|&b| b != a) {
                for c in (0..16u8).filter(|&c| c != a && c != b) {
                    let r = rank(&[a, b, c]);
                    assert!(!seen[r]);
                    seen[r] = true;
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
        // Blank ranks among free cells fill each placement's slots exactly once.
        let cells = [0u8, 5, 10];
        let occupied = occupancy(&cells);
        let mut slots: Vec<usize> = (0..16)
            .filter(|c| occupied & (1 << c) == 0)
            .map(|c| state_index(&cells, occupied, c) - rank(&cells) * 13)
            .collect();
        slots.sort_unstable();
        assert_eq!(slots, (0..13).collect::<Vec<_>>());
    }

    #[test]
    fn the_partition_covers_every_tile_once() {
        for goal in Goal::ALL {
            let mut tiles: Vec<u8> = pattern_tiles(goal).concat();
            tiles.sort_unstable();
            assert_eq!(tiles, (1..16).collect::<Vec<u8>>());
        }
    }
}
