//! Boards as people type them: numbers separated by spaces, commas or both; rows by `/`, `;`
//! or newlines; `_` or `.` for the blank; brackets ignored; and the lecture's grid print (the
//! blank shown as a space) read back by column.

use super::{width_for, Board};
use crate::error::Error;
use std::str::FromStr;

impl Board {
    /// Parses a board as people type it: numbers separated by spaces, commas or both; rows
    /// optionally separated by `/`, `;` or newlines; `_` or `.` for the blank; brackets ignored.
    /// The lecture's grid print (blank shown as a space) is read back by column.
    pub fn parse(text: &str) -> Result<Board, Error> {
        let rows = split_rows(text);
        let count: usize = rows.iter().map(|r| r.tokens.len()).sum();
        if count == 0 {
            return Err(Error::Empty);
        }
        let numbers = if rows.len() == 1 {
            rows[0].numbers()?
        } else {
            rows_to_numbers(&rows, count)?
        };
        Board::from_numbers(&numbers).map_err(|error| match error {
            // Quote the number as typed (`+9`, `09`, or one too large to store).
            Error::OutOfRange { token, width } => {
                let cells = (width * width) as i64;
                let typed = rows
                    .iter()
                    .flat_map(|r| r.tokens.iter())
                    .map(|&(t, _, _)| t)
                    .find(|t| token_value(t).is_ok_and(|n| n < 0 || n >= cells));
                Error::OutOfRange {
                    token: typed.map_or(token, str::to_string),
                    width,
                }
            }
            error => error,
        })
    }
}

impl FromStr for Board {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        Board::parse(s)
    }
}

/// One typed row: its tokens and the character columns each token ends at.
struct Row<'a> {
    tokens: Vec<(&'a str, usize, usize)>,
    /// The row's text, which the tokens' columns index.
    text: &'a str,
    /// True for rows separated by newlines, whose columns mean something.
    from_lines: bool,
}

impl Row<'_> {
    fn numbers(&self) -> Result<Vec<i64>, Error> {
        self.tokens.iter().map(|(t, _, _)| token_value(t)).collect()
    }
}

fn token_value(token: &str) -> Result<i64, Error> {
    if token == "_" || token == "." {
        return Ok(0);
    }
    let digits = token.strip_prefix(['-', '+']).unwrap_or(token);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Error::NotANumber {
            token: token.to_string(),
        });
    }
    // Numbers too large for i64 are still numbers: report them as out of range later.
    Ok(token.parse::<i64>().unwrap_or(i64::MAX))
}

fn is_separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | '[' | ']' | '(' | ')')
}

fn split_rows(text: &str) -> Vec<Row<'_>> {
    let mut rows = Vec::new();
    for line in text.split('\n') {
        let parts: Vec<&str> = line.split(['/', ';']).collect();
        let from_lines = parts.len() == 1;
        for part in parts {
            let mut tokens = Vec::new();
            let mut start = None;
            for (col, c) in part
                .char_indices()
                .chain(std::iter::once((part.len(), ' ')))
            {
                match (start, is_separator(c)) {
                    (None, false) => start = Some(col),
                    (Some(s), true) => {
                        tokens.push((&part[s..col], s, col - 1));
                        start = None;
                    }
                    _ => {}
                }
            }
            if !tokens.is_empty() {
                rows.push(Row {
                    tokens,
                    text: part,
                    from_lines,
                });
            }
        }
    }
    rows
}

/// Several rows. With a square count they must all have the same length (unless the text is
/// just a wrapped list); a grid printed with the blank as a space has exactly one row one short,
/// whose gap is found by column.
fn rows_to_numbers(rows: &[Row<'_>], count: usize) -> Result<Vec<i64>, Error> {
    let height = rows.len();
    let flat = || -> Result<Vec<i64>, Error> {
        let mut numbers = Vec::with_capacity(count);
        for row in rows {
            numbers.extend(row.numbers()?);
        }
        Ok(numbers)
    };
    let ragged = |width: usize| {
        rows.iter()
            .enumerate()
            .find(|(_, r)| r.tokens.len() != width)
            .map(|(i, r)| Error::RaggedRows {
                row: i + 1,
                len: r.tokens.len(),
                width,
            })
    };
    if let Ok(width) = width_for(count) {
        return match ragged(width) {
            Some(err) if height == width => Err(err),
            _ => flat(),
        };
    }
    if width_for(height * height).is_err() || count + 1 != height * height {
        return flat();
    }
    let short: Vec<usize> = (0..height)
        .filter(|&i| rows[i].tokens.len() != height)
        .collect();
    let blank_typed = flat()?.contains(&0);
    let gap_row = short[0];
    if short.len() != 1 || blank_typed || !rows.iter().all(|r| r.from_lines) {
        return Err(ragged(height).unwrap_or(Error::WrongTileCount { count }));
    }
    let cell = rows
        .iter()
        .flat_map(|r| r.tokens.iter())
        .map(|(t, _, _)| t.len())
        .max()
        .unwrap_or(1);
    let indent = rows
        .iter()
        .filter(|r| r.tokens.len() == height)
        .map(|r| r.tokens[0].1)
        .min()
        .unwrap_or(0);
    let row = &rows[gap_row];
    let gap = if row.text.contains('\t') {
        tab_gap(row, height).map_err(|mixed| Error::AmbiguousBlank {
            row: gap_row + 1,
            columns: height,
            mixed,
        })?
    } else {
        let cells: Vec<usize> = row
            .tokens
            .iter()
            .map(|&(_, _, end)| end.saturating_sub(indent) / (cell + 1))
            .collect();
        let in_order = cells.windows(2).all(|w| w[0] < w[1]) && cells.iter().all(|&c| c < height);
        let gap = (0..height).find(|c| !cells.contains(c));
        let (Some(gap), true) = (gap, in_order) else {
            return Err(ragged(height).unwrap_or(Error::WrongTileCount { count }));
        };
        gap
    };
    let mut numbers = Vec::with_capacity(count + 1);
    for (i, r) in rows.iter().enumerate() {
        let mut values = r.numbers()?;
        if i == gap_row {
            values.insert(gap, 0);
        }
        numbers.extend(values);
    }
    Ok(numbers)
}

/// The empty cell of a tab-separated row one tile short (as a spreadsheet or a tab-separated
/// grid print gives it): each tab ends a cell, so a token's cell is the count of tabs before it
/// (`4<tab><tab>6`: the blank is in the middle; `7<tab>8`: the blank is last). When that is not
/// clear, whether tabs are mixed with other separators between the tiles (else a tile is past
/// the last column).
fn tab_gap(row: &Row<'_>, height: usize) -> Result<usize, bool> {
    let (Some(&(_, first, _)), Some(&(_, _, last))) = (row.tokens.first(), row.tokens.last())
    else {
        return Err(false);
    };
    if row.text[first..=last].contains(|c: char| c.is_whitespace() && c != '\t') {
        return Err(true);
    }
    let cells: Vec<usize> = row
        .tokens
        .iter()
        .map(|&(_, start, _)| row.text[..start].matches('\t').count())
        .collect();
    if !cells.windows(2).all(|w| w[0] < w[1]) {
        // Two tiles in one cell: separated by something other than a tab (a comma).
        return Err(true);
    }
    let gap = (0..height).find(|c| !cells.contains(c));
    match gap {
        Some(gap) if cells.iter().all(|&c| c < height) => Ok(gap),
        _ => Err(false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_typed_form() {
        let expected = [6, 4, 5, 8, 2, 7, 1, 0, 3];
        for text in [
            "6 4 5 8 2 7 1 0 3",
            "6,4,5,8,2,7,1,0,3",
            "6, 4, 5, 8, 2, 7, 1, 0, 3",
            "6 4 5 / 8 2 7 / 1 0 3",
            "6 4 5\n8 2 7\n1 0 3\n",
            "[6,4,5,8,2,7,1,0,3]",
            "[[6,4,5],[8,2,7],[1,0,3]]",
            "6 4 5; 8 2 7; 1 _ 3",
            "6 4 5\r\n8 2 7\r\n1 0 3",
        ] {
            let board = Board::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
            assert_eq!(board.tiles(), expected, "{text:?}");
        }
    }

    #[test]
    fn lecture_grid_round_trips() {
        let board = Board::parse("6 4 5 8 2 7 0 1 3").unwrap();
        let grid = board.to_string();
        assert_eq!(grid, "6 4 5\n8 2 7\n  1 3");
        assert_eq!(Board::parse(&grid).unwrap(), board);
        for text in [
            "1 2 3 4 0 6 7 5 8",
            "1 2 3 4 5 6 7 8 0",
            "0 1 2 3 4 5 6 7 8",
        ] {
            let b = Board::parse(text).unwrap();
            assert_eq!(Board::parse(&b.to_string()).unwrap(), b, "{b}");
        }
        let korf = Board::parse("13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2").unwrap();
        assert_eq!(
            korf.to_string(),
            "13  6  8 12\n15 14    10\n11  7  4  5\n 9  1  3  2"
        );
        assert_eq!(Board::parse(&korf.to_string()).unwrap(), korf);
        let last = Board::parse("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0").unwrap();
        assert_eq!(Board::parse(&last.to_string()).unwrap(), last);
    }

    #[test]
    fn errors_name_the_problem() {
        let cases = [
            ("", "the board is empty"),
            (
                "1 2 3 4 5 6 7",
                "expected 9 for 3×3, 16 for 4×4, 25 for 5×5 numbers, got 7",
            ),
            (
                "1 2 3 4 5 6 7 8",
                "the blank (0) is missing: a 3×3 board needs 9 numbers, got 8",
            ),
            (
                "1 2 3 4 5 6 7 0",
                "tile 8 is missing: a 3×3 board needs 9 numbers, got 8",
            ),
            (
                "1 2 3 4 4 6 7 8 0",
                "tile 4 appears twice (positions 4 and 5) and tile 5 is missing",
            ),
            (
                "1 2 3 4 5 6 7 8 9",
                "9 is out of range: a 3×3 board holds the blank (0) and tiles 1 to 8",
            ),
            ("1 2 3 4 x 6 7 8 0", "\"x\" is not a number"),
            ("1 2 3 / 4 5 / 6 7 8 0", "row 2 has 2 tiles"),
            (
                "0 2 3 4 0 6 7 8 1",
                "the blank (0) appears twice (positions 1 and 5)",
            ),
            ("-1 2 3 4 5 6 7 8 0", "-1 is out of range"),
        ];
        for (text, message) in cases {
            let err = Board::parse(text).unwrap_err().to_string();
            assert!(err.contains(message), "{text:?}: {err}");
        }
        let dup = Board::from_numbers(&[1, 2, 3, 4, 5, 6, 7, 8, 8]).unwrap_err();
        assert_eq!(dup.kind(), "duplicate-tile");
        assert!(
            dup.to_string().contains("the blank (0) is missing"),
            "{dup}"
        );
        let missing = Board::from_numbers(&[1, 2, 3, 4, 5, 6, 7, 8]).unwrap_err();
        assert_eq!(missing.kind(), "missing-tile");
    }
}
