//! `tilesearch check`: a student's IDA* trace (JSON Lines) checked against the core's, read
//! as a stream (memory stays bounded whatever the trace's length). Exit status: 0 when the
//! trace is correct IDA*, 1 when it is not, 2 on bad usage (options, the board, a trace file
//! that cannot be opened), 3 when the trace cannot be read (or is empty: nothing to check) or the
//! output written.

use super::args::Options;
use super::{checked_board, heuristic, note, BAD_BOARD, IO_ERROR, SOLVED, USAGE_ERROR};
use crate::check::{Checker, Verdict};
use crate::error::{escape_controls, quote};
use std::fs::File;
use std::io::{self, BufRead, Write};

/// Runs `check`; returns the exit status.
pub(super) fn run(
    options: &Options,
    stdin: &mut dyn BufRead,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> i32 {
    let text = options.check_board.as_deref().unwrap_or_default();
    let checker = checked_board(options, text).and_then(|board| {
        let order = options.order_given.then_some(options.order);
        Checker::new(board, options.goal, heuristic(options, &board)?, order)
    });
    let checker = match checker {
        Ok(checker) => checker,
        Err(error) => {
            note(stderr, &format!("--board {}: {error}", super::quoted(text)));
            return USAGE_ERROR;
        }
    };
    let path = &options.board[0];
    let verdict = if path == "-" {
        checker.check_input(stdin)
    } else {
        match File::open(path) {
            Ok(file) => checker.check_input(file),
            Err(e) => {
                note(
                    stderr,
                    &format!("cannot open the trace {}: {e}", quote(path)),
                );
                return USAGE_ERROR;
            }
        }
    };
    let verdict = match verdict {
        Ok(verdict) => verdict,
        Err(error) => {
            note(stderr, &error.to_string());
            return IO_ERROR;
        }
    };
    let status = if verdict.ok { SOLVED } else { BAD_BOARD };
    let written = if options.json {
        serde_json::to_writer(&mut *stdout, &verdict)
            .map_err(io::Error::from)
            .and_then(|()| writeln!(stdout))
    } else {
        print_verdict(&verdict, stdout)
    };
    super::finish(written.and_then(|()| stdout.flush()), status, stderr)
}

/// The verdict for a reader: the line and kind, the sentence, then both events (also the
/// Python module's `str(verdict)`).
pub(crate) fn print_verdict(verdict: &Verdict, out: &mut dyn Write) -> io::Result<()> {
    if verdict.ok {
        return writeln!(out, "ok: {}", verdict.message);
    }
    let kind = verdict.kind.map_or("", |k| k.name());
    match verdict.line {
        Some(line) => writeln!(
            out,
            "line {line}: {kind}: {}",
            escape_controls(&verdict.message)
        )?,
        None => writeln!(out, "{kind}: {}", escape_controls(&verdict.message))?,
    }
    if let Some(got) = &verdict.got {
        let got = serde_json::to_string(got).map_err(io::Error::from)?;
        writeln!(out, "  yours:    {}", escape_controls(&got))?;
    }
    match &verdict.expected {
        Some(expected) => {
            let expected = serde_json::to_string(expected).map_err(io::Error::from)?;
            writeln!(out, "  expected: {expected}")
        }
        None => Ok(()),
    }
}
