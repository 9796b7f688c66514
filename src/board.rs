//! The sliding-tile board: square, width 3 to 5, tiles in row-major order, 0 is the blank.
//!
//! A move slides a tile next to the blank into the blank's cell; equivalently the blank swaps
//! with that tile. This module holds the model: boards, goals, moves, the lecture's print, and
//! solvability by inversion parity; [`Board::parse`] (in `parse`) reads boards the way people
//! type them.

mod parse;

use crate::error::{Error, Unsolvability};
use std::fmt;
use std::str::FromStr;

/// Smallest supported width (the 8-puzzle).
pub const MIN_WIDTH: usize = 3;
/// Largest supported width (the 24-puzzle).
pub const MAX_WIDTH: usize = 5;
/// Cells of the largest board.
pub const MAX_CELLS: usize = MAX_WIDTH * MAX_WIDTH;
/// Storage per board: the largest board rounded up to a power of two, so that a masked index
/// (`cell & SLOT_MASK`) needs no bounds check in the search loop.
pub const SLOTS: usize = 32;
/// See [`SLOTS`].
pub const SLOT_MASK: usize = SLOTS - 1;
/// A board's cells padded to [`SLOTS`] (cells past the board are 0).
pub type Tiles = [u8; SLOTS];

/// The goal convention, where the tiles go: 1 2 3 / 4 5 6 / 7 8 0 (blank-last) or
/// 0 1 2 / 3 4 5 / 6 7 8 (blank-first).
// The serde names are the CLI's (`name`); the TypeScript `GoalConvention` is generated from them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
#[cfg_attr(
    target_arch = "wasm32",
    derive(tsify::Tsify),
    tsify(rename = "GoalConvention")
)]
#[serde(rename_all = "kebab-case")]
pub enum Goal {
    /// `1 2 3 / 4 5 6 / 7 8 0`: the course's goal (the default).
    #[default]
    BlankLast,
    /// `0 1 2 / 3 4 5 / 6 7 8`: Korf's convention.
    BlankFirst,
}

impl Goal {
    /// Both conventions, default first.
    pub const ALL: [Goal; 2] = [Goal::BlankLast, Goal::BlankFirst];

    /// The name used by the CLI, the wasm options and the page.
    pub fn name(self) -> &'static str {
        match self {
            Goal::BlankLast => "blank-last",
            Goal::BlankFirst => "blank-first",
        }
    }

    /// The convention in a sentence ("goal blank last").
    pub fn title(self) -> &'static str {
        match self {
            Goal::BlankLast => "blank last",
            Goal::BlankFirst => "blank first",
        }
    }

    /// The convention with its goal board's first tiles, as a menu lists it.
    pub fn label(self) -> &'static str {
        match self {
            Goal::BlankLast => "blank last (1 2 3 … 0)",
            Goal::BlankFirst => "blank first (0 1 2 …)",
        }
    }

    /// The tile that belongs in cell `pos` of a board with `cells` cells.
    pub fn tile_at(self, pos: usize, cells: usize) -> u8 {
        match self {
            Goal::BlankLast if pos + 1 == cells => 0,
            Goal::BlankLast => (pos + 1) as u8,
            Goal::BlankFirst => pos as u8,
        }
    }

    /// The cell where `tile` belongs on a board with `cells` cells.
    pub fn position_of(self, tile: u8, cells: usize) -> usize {
        match self {
            Goal::BlankLast if tile == 0 => cells - 1,
            Goal::BlankLast => tile as usize - 1,
            Goal::BlankFirst => tile as usize,
        }
    }

    /// The goal board of the given width (3 to 5).
    pub fn board(self, width: usize) -> Result<Board, Error> {
        check_width(width)?;
        let cells = width * width;
        let tiles: Vec<u8> = (0..cells).map(|p| self.tile_at(p, cells)).collect();
        Board::from_tiles(&tiles)
    }
}

impl FromStr for Goal {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        Goal::ALL
            .into_iter()
            .find(|g| g.name() == s)
            .ok_or_else(|| Error::UnknownGoal(s.to_string()))
    }
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

fn check_width(width: usize) -> Result<(), Error> {
    if (MIN_WIDTH..=MAX_WIDTH).contains(&width) {
        Ok(())
    } else {
        Err(Error::InvalidOption(format!(
            "width {width} is not supported: choose {MIN_WIDTH} to {MAX_WIDTH}"
        )))
    }
}

/// A move of the blank. The tile next to the blank slides the opposite way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// The blank moves one column left (the tile on its left slides right).
    Left,
    /// The blank moves one column right.
    Right,
    /// The blank moves one row up.
    Up,
    /// The blank moves one row down.
    Down,
}

impl Direction {
    /// The lecture's successor order, used by every search: left, right, up, down.
    pub const ORDER: [Direction; 4] = [
        Direction::Left,
        Direction::Right,
        Direction::Up,
        Direction::Down,
    ];

    /// Index in [`Direction::ORDER`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The move that undoes this one.
    pub fn opposite(self) -> Direction {
        match self {
            Direction::Left => Direction::Right,
            Direction::Right => Direction::Left,
            Direction::Up => Direction::Down,
            Direction::Down => Direction::Up,
        }
    }

    /// The blank's move as a word.
    pub fn name(self) -> &'static str {
        match self {
            Direction::Left => "left",
            Direction::Right => "right",
            Direction::Up => "up",
            Direction::Down => "down",
        }
    }
}

impl Direction {
    /// The move's letter in a [`MoveOrder`]: l, r, u or d.
    pub fn letter(self) -> char {
        match self {
            Direction::Left => 'l',
            Direction::Right => 'r',
            Direction::Up => 'u',
            Direction::Down => 'd',
        }
    }
}

/// The order in which a search tries the four blank moves, and so generates a node's children.
///
/// Any fixed order gives a correct search (the same solution length, other ties); the lecture's
/// left, right, up, down is the default, and a student's own IDA* may use another (the
/// teaching text's solvers try up, down, left, right). Written as four letters, e.g. `udlr`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveOrder([Direction; 4]);

impl MoveOrder {
    /// The lecture's order: left, right, up, down.
    pub const LECTURE: MoveOrder = MoveOrder(Direction::ORDER);

    /// The moves in order.
    pub fn directions(self) -> [Direction; 4] {
        self.0
    }

    /// Where `dir` comes in this order (0 to 3).
    pub fn rank(self, dir: Direction) -> usize {
        self.0.iter().position(|&d| d == dir).unwrap_or(0)
    }

    /// The order's four letters, e.g. `lrud`.
    pub fn name(self) -> String {
        self.0.iter().map(|d| d.letter()).collect()
    }

    /// The moves in words, e.g. `left, right, up, down`.
    pub fn title(self) -> String {
        self.0.map(Direction::name).join(", ")
    }

    /// Every one of the 24 orders, the lecture's first, then in the order of their names.
    pub fn all() -> Vec<MoveOrder> {
        // Made in the order of their names: the directions by letter (d, l, r, u), the first
        // letter the most significant; so nothing is sorted (a sort would grow the wasm).
        let by_letter = [
            Direction::Down,
            Direction::Left,
            Direction::Right,
            Direction::Up,
        ];
        let mut orders = vec![MoveOrder::LECTURE];
        for n in 0..256usize {
            let i = [n >> 6 & 3, n >> 4 & 3, n >> 2 & 3, n & 3];
            let order = MoveOrder(i.map(|k| by_letter[k]));
            if (0..4).all(|k| i.contains(&k)) && order != MoveOrder::LECTURE {
                orders.push(order);
            }
        }
        orders
    }

    /// The search tables index a node's moves by their place in the order and remember the
    /// place of the move that undoes the last one: that place is always the last one's place
    /// XOR this number, since the two opposite pairs (left/right, up/down) split the four
    /// places into one of the three pairings {01,23}, {02,13} or {03,12}.
    pub(crate) fn opposite_xor(self) -> u8 {
        let left = self.rank(Direction::Left);
        let right = self.rank(Direction::Right);
        (left ^ right) as u8
    }
}

impl Default for MoveOrder {
    fn default() -> MoveOrder {
        MoveOrder::LECTURE
    }
}

impl fmt::Debug for MoveOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MoveOrder({})", self.name())
    }
}

impl fmt::Display for MoveOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl std::str::FromStr for MoveOrder {
    type Err = Error;
    fn from_str(text: &str) -> Result<MoveOrder, Error> {
        let wrong = || {
            Error::InvalidOption(format!(
                "order {} is not an order of the blank's moves: give l, r, u and d once \
                 each (left, right, up, down), e.g. lrud (the default) or udlr",
                crate::error::quote(text)
            ))
        };
        let mut dirs = [Direction::Left; 4];
        let mut letters = text.chars();
        for slot in &mut dirs {
            let letter = letters.next().ok_or_else(wrong)?.to_ascii_lowercase();
            *slot = Direction::ORDER
                .into_iter()
                .find(|d| d.letter() == letter)
                .ok_or_else(wrong)?;
        }
        if letters.next().is_some() {
            return Err(wrong());
        }
        if Direction::ORDER.iter().any(|&d| !dirs.contains(&d)) {
            return Err(wrong());
        }
        Ok(MoveOrder(dirs))
    }
}

/// The cell next to `pos` in direction `dir` on a board of width `width`, if any.
pub fn neighbor(pos: usize, dir: Direction, width: usize) -> Option<usize> {
    let (row, col) = (pos / width, pos % width);
    match dir {
        Direction::Left if col > 0 => Some(pos - 1),
        Direction::Right if col + 1 < width => Some(pos + 1),
        Direction::Up if row > 0 => Some(pos - width),
        Direction::Down if row + 1 < width => Some(pos + width),
        _ => None,
    }
}

/// A small seeded random generator (SplitMix64): the one behind [`Board::random`] and the
/// generated exercises, so that a seed gives the same boards everywhere. Not for anything that
/// needs unpredictable numbers.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator whose sequence is fixed by `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next number of the sequence.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0; the modulo's bias is negligible for the small `n` used).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}

/// A valid board: a permutation of `0..width²` for a width of 3 to 5.
///
/// Solvability is a separate question ([`Board::check_solvable`]), since it depends on the goal.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    width: u8,
    blank: u8,
    tiles: Tiles,
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.to_line())
    }
}

impl Board {
    /// A board from tiles in row-major order; checks the count, the range, duplicates and
    /// missing tiles, in that order.
    pub fn from_tiles(tiles: &[u8]) -> Result<Board, Error> {
        let numbers: Vec<i64> = tiles.iter().map(|&t| i64::from(t)).collect();
        Board::from_numbers(&numbers)
    }

    /// Like [`Board::from_tiles`] for any integers (as arrays from JS or JSON arrive).
    pub fn from_numbers(numbers: &[i64]) -> Result<Board, Error> {
        let width = match width_for(numbers.len()) {
            Ok(w) => w,
            Err(e) => return Err(missing_one(numbers).unwrap_or(e)),
        };
        let cells = width * width;
        if let Some(&n) = numbers.iter().find(|&&n| n < 0 || n >= cells as i64) {
            return Err(Error::OutOfRange {
                token: n.to_string(),
                width,
            });
        }
        let mut seen = [0usize; MAX_CELLS];
        let mut tiles: Tiles = [0; SLOTS];
        let mut duplicate = None;
        for (i, &n) in numbers.iter().enumerate() {
            let n = n as usize;
            if seen[n] != 0 {
                duplicate = duplicate.or(Some((n as u8, seen[n], i + 1)));
            } else {
                seen[n] = i + 1;
            }
            tiles[i] = n as u8;
        }
        let missing = (0..cells).find(|&t| seen[t] == 0).map(|t| t as u8);
        match (duplicate, missing) {
            (Some((tile, first, second)), missing) => Err(Error::Duplicate {
                tile,
                first,
                second,
                missing,
            }),
            (None, Some(tile)) => Err(Error::Missing {
                tile,
                count: numbers.len(),
            }),
            (None, None) => {
                let blank = (0..cells).find(|&p| tiles[p] == 0).unwrap_or(0) as u8;
                Ok(Board {
                    width: width as u8,
                    blank,
                    tiles,
                })
            }
        }
    }

    /// A board the caller knows to be a valid permutation (a search's own moves of a valid
    /// board).
    pub(crate) fn trusted(width: usize, tiles: Tiles) -> Board {
        let blank = (0..width * width).find(|&p| tiles[p] == 0).unwrap_or(0) as u8;
        Board {
            width: width as u8,
            blank,
            tiles,
        }
    }

    /// Board width (3, 4 or 5).
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// Number of cells, width².
    pub fn cells(&self) -> usize {
        self.width() * self.width()
    }

    /// Tiles in row-major order, 0 for the blank.
    pub fn tiles(&self) -> &[u8] {
        &self.tiles[..self.cells()]
    }

    /// The tiles padded to [`SLOTS`] (cells past [`Board::cells`] are 0).
    pub fn padded(&self) -> Tiles {
        self.tiles
    }

    /// `positions[tile]` = the tile's cell (the blank's at 0; unused entries 0).
    pub fn positions(&self) -> Tiles {
        let mut positions: Tiles = [0; SLOTS];
        for (cell, &tile) in self.tiles().iter().enumerate() {
            positions[tile as usize] = cell as u8;
        }
        positions
    }

    /// The blank's cell.
    pub fn blank(&self) -> usize {
        self.blank as usize
    }

    /// The cell where `tile` is.
    pub fn position_of(&self, tile: u8) -> Option<usize> {
        self.tiles().iter().position(|&t| t == tile)
    }

    /// The tile the blank would swap with when moving in `dir`, if that move stays on the board.
    pub fn tile_towards(&self, dir: Direction) -> Option<u8> {
        neighbor(self.blank(), dir, self.width()).map(|p| self.tiles[p])
    }

    /// Moves the blank in `dir`; returns the tile that slid, or `None` (board unchanged) when
    /// the move would leave the board.
    pub fn move_blank(&mut self, dir: Direction) -> Option<u8> {
        let to = neighbor(self.blank(), dir, self.width())?;
        let tile = self.tiles[to];
        self.tiles[self.blank()] = tile;
        self.tiles[to] = 0;
        self.blank = to as u8;
        Some(tile)
    }

    /// The blank's move that slides `tile`, if the tile is next to the blank.
    pub fn direction_of(&self, tile: u8) -> Option<Direction> {
        Direction::ORDER
            .into_iter()
            .find(|&d| tile != 0 && self.tile_towards(d) == Some(tile))
    }

    /// Slides `tile` into the blank; fails when the tile is not next to the blank.
    pub fn slide(&mut self, tile: u8) -> Result<Direction, Error> {
        let dir = self.direction_of(tile).ok_or(Error::NotAdjacent { tile })?;
        self.move_blank(dir);
        Ok(dir)
    }

    /// The board after sliding `moves` (tiles, in order) from this one.
    pub fn after(&self, moves: &[u8]) -> Result<Board, Error> {
        let mut board = *self;
        for &tile in moves {
            board.slide(tile)?;
        }
        Ok(board)
    }

    /// A uniformly random solvable board of `width` for `goal`, from `seed` (the same seed
    /// gives the same board): a random arrangement, with two tiles swapped when its parity is
    /// the unsolvable one.
    pub fn random(width: usize, goal: Goal, seed: u64) -> Result<Board, Error> {
        check_width(width)?;
        let cells = width * width;
        let mut rng = SplitMix64::new(seed);
        let mut tiles: Vec<u8> = (0..cells as u8).collect();
        for i in (1..cells).rev() {
            let j = (rng.next_u64() % (i as u64 + 1)) as usize;
            tiles.swap(i, j);
        }
        let mut board = Board::from_tiles(&tiles)?;
        if board.check_solvable(goal).is_err() {
            let swap: Vec<usize> = (0..cells).filter(|&p| tiles[p] != 0).take(2).collect();
            tiles.swap(swap[0], swap[1]);
            board = Board::from_tiles(&tiles)?;
        }
        Ok(board)
    }

    /// True when the board equals the goal.
    pub fn is_goal(&self, goal: Goal) -> bool {
        let cells = self.cells();
        (0..cells).all(|p| self.tiles[p] == goal.tile_at(p, cells))
    }

    /// Pairs of tiles (not the blank) where the larger comes first in reading order.
    pub fn inversions(&self) -> u32 {
        let t: Vec<u8> = self.tiles().iter().copied().filter(|&t| t != 0).collect();
        let mut count = 0;
        for i in 0..t.len() {
            for j in i + 1..t.len() {
                if t[i] > t[j] {
                    count += 1;
                }
            }
        }
        count
    }

    /// The blank's row counted from the bottom, bottom row = 1.
    pub fn blank_row_from_bottom(&self) -> usize {
        self.width() - self.blank() / self.width()
    }

    /// The parity invariant of a move: inversions on odd widths, inversions + blank row on even
    /// widths. A horizontal move changes neither; a vertical move changes the inversions by
    /// width − 1 (odd when the width is even) and the row by one.
    fn parity_sum(&self) -> u32 {
        if self.width() % 2 == 1 {
            self.inversions()
        } else {
            self.inversions() + self.blank_row_from_bottom() as u32
        }
    }

    /// Ok when the board can reach `goal`; otherwise the inversion count and blank row that
    /// prove it cannot.
    pub fn check_solvable(&self, goal: Goal) -> Result<(), Error> {
        let goal_board = goal.board(self.width())?;
        let goal_sum = goal_board.parity_sum();
        if self.parity_sum() % 2 == goal_sum % 2 {
            Ok(())
        } else {
            Err(Error::Unsolvable(Unsolvability {
                width: self.width(),
                inversions: self.inversions(),
                blank_row_from_bottom: self.blank_row_from_bottom(),
                goal,
                goal_parity_sum: goal_sum,
            }))
        }
    }

    /// The tiles on one line, space-separated (`6 4 5 8 2 7 1 0 3`): the CLI's input format.
    pub fn to_line(&self) -> String {
        self.tiles()
            .iter()
            .map(std::string::ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The lecture's grid: one row per line, the blank shown as a space, numbers right-aligned.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let w = self.width();
        let cell = (self.cells() - 1).to_string().len();
        for row in 0..w {
            let line: Vec<String> = (0..w)
                .map(|col| match self.tiles[row * w + col] {
                    0 => " ".repeat(cell),
                    t => format!("{t:>cell$}"),
                })
                .collect();
            let line = line.join(" ");
            if row > 0 {
                writeln!(f)?;
            }
            write!(f, "{}", line.trim_end())?;
        }
        Ok(())
    }
}

/// One number short of a board, all distinct and in range: name the tile that is missing.
fn missing_one(numbers: &[i64]) -> Option<Error> {
    let cells = numbers.len() + 1;
    width_for(cells).ok()?;
    let mut seen = [false; MAX_CELLS];
    for &n in numbers {
        if n < 0 || n >= cells as i64 || seen[n as usize] {
            return None;
        }
        seen[n as usize] = true;
    }
    let tile = (0..cells).find(|&t| !seen[t])? as u8;
    Some(Error::Missing {
        tile,
        count: numbers.len(),
    })
}

fn width_for(count: usize) -> Result<usize, Error> {
    (MIN_WIDTH..=MAX_WIDTH)
        .find(|w| w * w == count)
        .ok_or(Error::WrongTileCount { count })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The TypeScript `GoalConvention` is generated from the serde names: they must be the CLI's.
    #[test]
    fn goal_serde_names_are_the_cli_names() {
        for goal in Goal::ALL {
            assert_eq!(serde_json::to_value(goal).unwrap(), goal.name());
        }
    }

    #[test]
    fn solvability_follows_inversion_parity() {
        let ok = Board::parse("6 4 5 8 2 7 1 0 3").unwrap();
        assert!(ok.check_solvable(Goal::BlankLast).is_ok());
        let swapped = Board::parse("4 6 5 8 2 7 1 0 3").unwrap();
        let err = swapped
            .check_solvable(Goal::BlankLast)
            .unwrap_err()
            .to_string();
        assert!(err.contains("inversions"), "{err}");
        assert!(err.contains("Swapping any two tiles (not the blank) makes it solvable"));
        // Odd width: blank-first and blank-last goals have the same parity (0 inversions each).
        assert!(ok.check_solvable(Goal::BlankFirst).is_ok());
        // Even width: the two goals differ in blank row (1 vs 4), so the same parity class.
        let g = Goal::BlankFirst.board(4).unwrap();
        assert!(g.check_solvable(Goal::BlankLast).is_err());
        let err = g.check_solvable(Goal::BlankLast).unwrap_err().to_string();
        assert!(
            err.contains("blank is on row 4 counted from the bottom"),
            "{err}"
        );
    }

    #[test]
    fn random_boards_are_solvable_and_reproducible() {
        for seed in 0..200 {
            for width in 3..=5 {
                for goal in Goal::ALL {
                    let b = Board::random(width, goal, seed).unwrap();
                    assert!(b.check_solvable(goal).is_ok());
                    assert_eq!(b, Board::random(width, goal, seed).unwrap());
                }
            }
        }
        assert_ne!(
            Board::random(4, Goal::BlankLast, 1),
            Board::random(4, Goal::BlankLast, 2)
        );
    }

    #[test]
    fn slides_and_moves() {
        let mut b = Board::parse("1 2 3 4 5 6 7 0 8").unwrap();
        assert!(b.slide(5).is_ok());
        assert_eq!(b.tiles(), [1, 2, 3, 4, 0, 6, 7, 5, 8]);
        assert_eq!(b.slide(1).unwrap_err().kind(), "not-adjacent");
        assert_eq!(b.move_blank(Direction::Down), Some(5));
        assert_eq!(b.move_blank(Direction::Down), None);
        assert_eq!(b.move_blank(Direction::Right), Some(8));
        assert!(b.is_goal(Goal::BlankLast));
    }
}
