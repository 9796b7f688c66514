//! Errors: every bad board, option or call has its own variant and a message that says exactly
//! what is wrong, so that the CLI, the wasm `Solver` and the page can show the same sentence.

use crate::board::{Goal, MAX_WIDTH, MIN_WIDTH};
use std::fmt;

/// Why a board or an option was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// No tiles at all.
    Empty,
    /// A token that is not a whole number (quoted in the message).
    NotANumber {
        /// The token as typed.
        token: String,
    },
    /// An element of a board given as an array (from JS) that is not a whole number.
    NotAWholeNumber {
        /// 1-based position in the array.
        index: usize,
        /// The element as JS shows it (`"x"`, `2.5`, `null`).
        value: String,
    },
    /// A number outside `0..cells` for the board's size.
    OutOfRange {
        /// The number as typed.
        token: String,
        /// The board width the count of tiles implies.
        width: usize,
    },
    /// The count of numbers matches no supported board size.
    WrongTileCount {
        /// How many numbers were given.
        count: usize,
    },
    /// Rows were given, but one of them has the wrong length.
    RaggedRows {
        /// The 1-based row number.
        row: usize,
        /// How many tiles that row has.
        len: usize,
        /// How many it should have.
        width: usize,
    },
    /// The same tile twice.
    Duplicate {
        /// The tile (0 is the blank).
        tile: u8,
        /// 1-based reading positions of its first and second occurrence.
        first: usize,
        /// See `first`.
        second: usize,
        /// The tile the duplicate took the place of, if one is missing.
        missing: Option<u8>,
    },
    /// One number short of a board: the tile that does not occur.
    Missing {
        /// The tile (0 is the blank).
        tile: u8,
        /// How many numbers were given.
        count: usize,
    },
    /// The board is a valid arrangement that cannot reach the goal.
    Unsolvable(Unsolvability),
    /// A heuristic name that is not one of ours.
    UnknownHeuristic(String),
    /// An algorithm name that is not one of ours.
    UnknownAlgorithm(String),
    /// A goal name that is not one of ours.
    UnknownGoal(String),
    /// A tile that cannot slide because it is not next to the blank.
    NotAdjacent {
        /// The tile asked to slide.
        tile: u8,
    },
    /// The pattern databases are for the 4×4 board only.
    PdbWidth {
        /// The board's width.
        width: usize,
    },
    /// The pattern databases for this goal have not been built (or loaded) yet.
    PdbMissing {
        /// The goal convention.
        goal: Goal,
    },
    /// An option or a call that is not valid (the message says which and why).
    InvalidOption(String),
    /// A packet result a parallel search cannot take: of another iteration, for a packet it
    /// did not hand out, one it has already, or one that contradicts its packet (the message
    /// says which). The search is unchanged.
    UnexpectedResult(String),
    /// A method or getter of a wasm object (`Solver`, `PatternDatabaseBuilder`) after its
    /// `free()`.
    Freed {
        /// The JS class.
        class: String,
    },
    /// A call on a wasm object while another call on the same object has not returned yet
    /// (from its own `onEvent` callback or from a getter of its own options).
    Busy {
        /// The JS class.
        class: String,
        /// The method or getter called.
        member: String,
        /// The call still running.
        running: String,
    },
    /// A method or getter of a wasm class called on something that is not an object of it.
    WrongThis {
        /// The JS class.
        class: String,
        /// The method or getter called.
        member: String,
    },
    /// A JS exception (a JS stack that ran out, say) unwound through a call inside the module.
    /// The module is repaired on the way out; an object in that call may be half-changed, so it
    /// is retired.
    Interrupted {
        /// The JS class of the retired object, or empty for a function or a constructor.
        class: String,
        /// The method, getter or function that was interrupted.
        member: String,
        /// The thrown value as a message shows it.
        thrown: String,
    },
    /// Reading a caller's value threw (an option getter, a Proxy trap, an array element).
    InputThrew {
        /// What was being read, e.g. "reading option maxNodes of run(options)".
        what: String,
        /// The thrown value as a message shows it.
        thrown: String,
    },
    /// A line of input that is not valid UTF-8.
    NotUtf8 {
        /// The 1-based line number.
        line: usize,
        /// The first byte that is not valid there.
        byte: u8,
        /// Its 1-based position in the line, in bytes.
        column: usize,
    },
    /// A line of input longer than a board (or an event) can be: it was skipped unkept.
    LineTooLong {
        /// The 1-based line number.
        line: u64,
        /// The most a line may have, in bytes.
        max: usize,
    },
    /// A board's text (all of standard input for `trace -`) longer than a board can be.
    InputTooLong {
        /// The most it may have, in bytes.
        max: usize,
    },
    /// A tab-separated grid whose empty cell (the blank) cannot be placed for sure.
    AmbiguousBlank {
        /// The 1-based row with the empty cell.
        row: usize,
        /// The grid's columns.
        columns: usize,
        /// Tabs are mixed with spaces or commas between its tiles (else: its tabs count more
        /// cells than there are columns).
        mixed: bool,
    },
}

impl Error {
    /// A stable, machine-readable name for the kind of error (used as the JS error's `name`
    /// suffix and by tests).
    pub fn kind(&self) -> &'static str {
        match self {
            Error::Empty => "empty",
            Error::NotANumber { .. } | Error::NotAWholeNumber { .. } => "not-a-number",
            Error::OutOfRange { .. } => "out-of-range",
            Error::WrongTileCount { .. } => "wrong-tile-count",
            Error::RaggedRows { .. } => "ragged-rows",
            Error::Duplicate { .. } => "duplicate-tile",
            Error::Missing { .. } => "missing-tile",
            Error::Unsolvable(_) => "unsolvable",
            Error::UnknownHeuristic(_) => "unknown-heuristic",
            Error::UnknownGoal(_) => "unknown-goal",
            Error::UnknownAlgorithm(_) => "unknown-algorithm",
            Error::NotAdjacent { .. } => "not-adjacent",
            Error::PdbWidth { .. } => "pdb-width",
            Error::PdbMissing { .. } => "pdb-missing",
            Error::InvalidOption(_) => "invalid-option",
            Error::UnexpectedResult(_) => "unexpected-result",
            Error::Freed { .. } => "freed",
            Error::Busy { .. } => "busy",
            Error::WrongThis { .. } => "wrong-this",
            Error::Interrupted { .. } => "interrupted",
            Error::InputThrew { .. } => "input-threw",
            Error::NotUtf8 { .. } => "not-utf8",
            Error::AmbiguousBlank { .. } => "ambiguous-blank",
            Error::LineTooLong { .. } => "line-too-long",
            Error::InputTooLong { .. } => "input-too-long",
        }
    }
}

fn tile_name(tile: u8) -> String {
    if tile == 0 {
        "the blank (0)".to_string()
    } else {
        format!("tile {tile}")
    }
}

fn supported_sizes() -> String {
    (MIN_WIDTH..=MAX_WIDTH)
        .map(|w| format!("{} for {w}×{w}", w * w))
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Empty => write!(
                f,
                "the board is empty: type the tiles row by row with 0 for the blank, e.g. 1 2 3 / 4 5 6 / 7 8 0"
            ),
            Error::NotAWholeNumber { index, value } => write!(
                f,
                "element {index} of the board array is {value}, not a whole number: tiles are whole numbers, 0 for the blank"
            ),
            Error::NotANumber { token } => write!(
                f,
                "{} is not a number: tiles are whole numbers, 0 (or _) for the blank",
                quote(token)
            ),
            Error::OutOfRange { token, width } => write!(
                f,
                "{} is out of range: a {width}×{width} board holds the blank (0) and tiles 1 to {}",
                shorten(token),
                width * width - 1
            ),
            Error::WrongTileCount { count } => write!(
                f,
                "expected {} numbers, got {count}",
                supported_sizes()
            ),
            Error::RaggedRows { row, len, width } => write!(
                f,
                "row {row} has {len} tiles, but a {width}×{width} board needs {width} in every row"
            ),
            Error::Duplicate {
                tile,
                first,
                second,
                missing,
            } => {
                write!(
                    f,
                    "{} appears twice (positions {first} and {second})",
                    tile_name(*tile)
                )?;
                if let Some(m) = missing {
                    write!(f, " and {} is missing", tile_name(*m))?;
                }
                write!(f, "; each tile must appear exactly once")
            }
            Error::Missing { tile, count } => {
                let w = (*count as f64 + 1.0).sqrt() as usize;
                write!(
                    f,
                    "{} is missing: a {w}×{w} board needs {} numbers, got {count}",
                    tile_name(*tile),
                    count + 1
                )
            }
            Error::Unsolvable(u) => write!(f, "{u}"),
            Error::UnknownHeuristic(name) => write!(
                f,
                "unknown heuristic {}: choose hamming, manhattan, linear-conflict or pdb (4×4 only)",
                quote(name)
            ),
            Error::UnknownAlgorithm(name) => write!(
                f,
                "unknown algorithm {}: choose ida, bfs, dfs, greedy or astar",
                quote(name)
            ),
            Error::UnknownGoal(name) => write!(
                f,
                "unknown goal {}: choose blank-last (1 2 3 / 4 5 6 / 7 8 0) or blank-first (0 1 2 / 3 4 5 / 6 7 8)",
                quote(name)
            ),
            Error::NotAdjacent { tile } => {
                write!(f, "tile {tile} cannot slide: it is not next to the blank")
            }
            Error::PdbWidth { width } => write!(
                f,
                "the pdb heuristic (pattern databases) is for the 4×4 board, not {width}×{width}: choose hamming, manhattan or linear-conflict"
            ),
            Error::PdbMissing { goal } => write!(
                f,
                "the pattern databases for the {goal} goal are not built yet: build them first (in JS: new PatternDatabaseBuilder(goal), work(budget) until it returns true, then install(); or loadPatternDatabases(goal, bytes) with the bytes of exportPatternDatabases; the CLI builds them itself)"
            ),
            Error::InvalidOption(message) | Error::UnexpectedResult(message) => {
                write!(f, "{}", escape_controls(message))
            }
            Error::NotUtf8 { line, byte, column } => write!(
                f,
                "line {line} is not valid UTF-8 (byte 0x{byte:02X} at byte {column} of the line): type the tiles as plain text, e.g. 1 2 3 4 5 6 7 8 0"
            ),
            Error::LineTooLong { line, max } => write!(
                f,
                "line {line} is longer than the {} bytes a board may have: one board per line, e.g. 1 2 3 4 5 6 7 8 0",
                thousands(*max as u64)
            ),
            Error::InputTooLong { max } => write!(
                f,
                "the input holds more than the {} bytes a board may have: type one board, e.g. 1 2 3 / 4 5 6 / 7 8 0",
                thousands(*max as u64)
            ),
            Error::AmbiguousBlank { row, mixed: true, .. } => write!(
                f,
                "row {row} of the grid has an empty cell but mixes tabs with spaces or commas between its tiles, so the blank's cell is not clear: separate the cells with tabs only, or type 0 for the blank"
            ),
            Error::AmbiguousBlank { row, columns, .. } => write!(
                f,
                "row {row} of the grid has an empty cell but its tabs count more cells than the grid's {columns} columns, so the blank's cell is not clear: put one tab between cells, or type 0 for the blank"
            ),
            Error::Freed { class } => write!(
                f,
                "this {class} was freed (free() was called): create a new {class}"
            ),
            Error::Busy {
                class,
                member,
                running,
            } => write!(
                f,
                "{member} cannot be called from inside its own onEvent callback or option getters: this {class} is still in {running}(); call it after {running}() returns"
            ),
            Error::WrongThis { class, member } => write!(
                f,
                "{class}.prototype.{member} was called on something that is not a {class}: call it on an object made by new {class}(…)"
            ),
            Error::Interrupted {
                class,
                member,
                thrown,
            } => {
                let thrown = escape_controls(thrown);
                if class.is_empty() {
                    write!(f, "{member} was interrupted by a JavaScript error thrown inside it ({thrown}): nothing else is affected, call it again")
                } else {
                    write!(f, "{member} was interrupted by a JavaScript error thrown inside it ({thrown}): this {class} can no longer be used, create a new {class}; other objects are not affected")
                }
            }
            Error::InputThrew { what, thrown } => {
                write!(f, "{what} threw: {}", escape_controls(thrown))
            }
        }
    }
}

impl std::error::Error for Error {}

/// Why a board cannot reach its goal: the numbers behind the inversion-parity test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unsolvability {
    /// Board width.
    pub width: usize,
    /// Pairs of tiles (not the blank) in the wrong reading order.
    pub inversions: u32,
    /// The blank's row counted from the bottom, bottom row = 1.
    pub blank_row_from_bottom: usize,
    /// The goal the board was tested against.
    pub goal: Goal,
    /// The same quantity for the goal (inversions, plus the blank's row on even widths).
    pub goal_parity_sum: u32,
}

fn parity(n: u32) -> &'static str {
    if n % 2 == 0 {
        "even"
    } else {
        "odd"
    }
}

impl fmt::Display for Unsolvability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let w = self.width;
        let inv = self.inversions;
        write!(
            f,
            "this board is unsolvable: it has {inv} {} (pairs of tiles in the wrong reading order, ignoring the blank)",
            if inv == 1 { "inversion" } else { "inversions" }
        )?;
        if w % 2 == 1 {
            write!(
                f,
                ", an {} number, but on a {w}×{w} board every move keeps the parity of the inversion count and the goal ({}) has {}, an {} number",
                parity(inv),
                self.goal.name(),
                self.goal_parity_sum,
                parity(self.goal_parity_sum)
            )?;
        } else {
            let row = self.blank_row_from_bottom;
            let sum = inv + row as u32;
            write!(
                f,
                " and the blank is on row {row} counted from the bottom; {inv} + {row} = {sum} is {}, but on a {w}×{w} board every move keeps the parity of inversions + blank row and the goal ({}) has {}, which is {}",
                parity(sum),
                self.goal.name(),
                self.goal_parity_sum,
                parity(self.goal_parity_sum)
            )?;
        }
        write!(
            f,
            ". Swapping any two tiles (not the blank) makes it solvable."
        )
    }
}

/// `text` with every control character (and every character that reorders text, such as
/// U+202E) written as a `\u{…}` escape, so that a message quoting what someone typed cannot
/// move the cursor, set a terminal's title or hide part of itself.
pub fn escape_controls(text: &str) -> std::borrow::Cow<'_, str> {
    fn escaped(c: char) -> bool {
        c.is_control()
            || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    }
    if !text.chars().any(escaped) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if escaped(c) {
            // Writing into a String cannot fail.
            let _ = fmt::Write::write_fmt(&mut out, format_args!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// How many characters of a value a message quotes.
pub const QUOTED_CHARS: usize = 40;

/// `text` as a message quotes it: in double quotes, its control characters escaped, and when
/// longer than [`QUOTED_CHARS`] characters cut there and followed by its length
/// (`"xxxx…" (100,000 characters)`), so that a huge value never fills a terminal or a page.
pub fn quote(text: &str) -> String {
    match cut(text) {
        None => format!("\"{}\"", escape_controls(text)),
        Some((head, count)) => format!("\"{}…\" ({count} characters)", escape_controls(head)),
    }
}

/// [`quote`] without the quotes: for a value shown as written (a number, say).
pub fn shorten(text: &str) -> String {
    match cut(text) {
        None => escape_controls(text).into_owned(),
        Some((head, count)) => format!("{}… ({count} characters)", escape_controls(head)),
    }
}

/// [`shorten`] at `max` characters rather than [`QUOTED_CHARS`] (a board's text, say).
pub fn shorten_to(text: &str, max: usize) -> String {
    match cut_at(text, max) {
        None => escape_controls(text).into_owned(),
        Some((head, count)) => format!("{}… ({count} characters)", escape_controls(head)),
    }
}

/// The first [`QUOTED_CHARS`] characters of a longer text, and its length in words.
fn cut(text: &str) -> Option<(&str, String)> {
    cut_at(text, QUOTED_CHARS)
}

fn cut_at(text: &str, max: usize) -> Option<(&str, String)> {
    let (end, _) = text.char_indices().nth(max)?;
    Some((&text[..end], thousands(text.chars().count() as u64)))
}

/// `n` with a comma between each group of three digits (`100,000`).
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod quote_tests {
    use super::{quote, thousands};

    #[test]
    fn long_values_are_cut_with_their_length() {
        assert_eq!(quote("pdb"), "\"pdb\"");
        assert_eq!(quote("a\u{1b}b"), "\"a\\u{1b}b\"");
        let long = "x".repeat(100_000);
        assert_eq!(
            quote(&long),
            format!("\"{}…\" (100,000 characters)", "x".repeat(40))
        );
        assert_eq!(
            quote(&"é".repeat(41)).chars().filter(|&c| c == 'é').count(),
            40
        );
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }
}
