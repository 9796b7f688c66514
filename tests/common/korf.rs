//! Korf's 100 random 15-puzzle instances (tests/data), for the tests and the benchmark (which
//! includes this file by path): the one loader.

use tilesearch::{Board, Goal};

/// Korf's 100 instances in the given convention: (optimal length, board).
pub fn korf(goal: Goal) -> Vec<(u32, Board)> {
    let file = match goal {
        Goal::BlankLast => "korf100-blank-last.txt",
        Goal::BlankFirst => "korf100-blank-first.txt",
    };
    let text = std::fs::read_to_string(format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR")))
        .expect("tests/data holds the Korf instances");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|l| {
            let (len, tiles) = l.trim().split_once(' ').unwrap();
            (len.parse().unwrap(), Board::parse(tiles).unwrap())
        })
        .collect()
}
