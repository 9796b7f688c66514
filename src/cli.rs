//! The command line: `tilesearch solve`, `trace` and `compare`, printing the core's results and
//! events; `check` (a student's trace checked, see `check.rs`) and `exercise` (generated
//! questions, see `exercise.rs`) keep their own exit statuses. Exit status: 0 when every board was solved, 1 when any board was invalid,
//! unsolvable, given up on or stopped by `--max-nodes` before it was solved (except `trace`,
//! whose budget only shortens the trace), 2 on bad usage, 3 when the output could not be written
//! or the input could not be read. A closed pipe (`tilesearch … | head`) is a reader that has
//! seen enough: no message, and the status of what was done so far.
//!
//! Nothing is lost silently: every line of `solve -` gets a result or an error (a line that is
//! not UTF-8 included), and text quoted from the input has its control characters escaped.

mod args;
pub(crate) mod check;
pub(crate) mod exercise;
pub mod pdb_cache;
mod quality;

#[cfg(feature = "python")]
pub(crate) use args::available_threads;
use args::{parse_args, Command, Options, USAGE};

use crate::board::Board;
use crate::error::{escape_controls, shorten_to, Error};
use crate::heuristic::{HeuristicChoice, HeuristicKind};
use crate::input::{Line, LineReader, BOARD_LINE_MAX};
use crate::search::{
    ida_star_parallel, new_search_in_order, Algorithm, FrontierProgress, Report, Search, Status,
};
use serde_json::json;
use std::io::{self, BufRead, Write};
use std::time::Instant;

/// Process exit statuses.
const SOLVED: i32 = 0;
const BAD_BOARD: i32 = 1;
const USAGE_ERROR: i32 = 2;
const IO_ERROR: i32 = 3;

/// Runs the CLI with `args` (without the program name); returns the exit status.
pub fn run(
    args: &[String],
    stdin: &mut dyn BufRead,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> i32 {
    match args.first().map(String::as_str) {
        Some("exercise") => return exercise::run(&args[1..], stdout, stderr),
        Some("quality") => return quality::run(&args[1..], stdout, stderr),
        _ => {}
    }
    let options = match usage_or(parse_args(args), USAGE, stdout, stderr) {
        Ok(options) => options,
        Err(status) => return status,
    };
    let from_stdin = options.board == ["-"];
    let mut status = SOLVED;
    let written = match options.command {
        Command::Solve if from_stdin => solve_lines(&options, stdin, stdout, stderr, &mut status),
        Command::Solve => solve_one(
            &options,
            &options.board.join(" "),
            stdout,
            stderr,
            &mut status,
        ),
        Command::Compare => compare(
            &options,
            &options.board.join(" "),
            stdout,
            stderr,
            &mut status,
        ),
        Command::Check => return check::run(&options, stdin, stdout, stderr),
        Command::Trace => match board_text(&options, stdin) {
            Ok(text) => trace(&options, &text, stdout, stderr, &mut status),
            Err(Input::Unreadable(e)) => {
                note(stderr, &format!("cannot read standard input: {e}"));
                return IO_ERROR;
            }
            Err(Input::Invalid(error)) => {
                note(stderr, &error.to_string());
                return BAD_BOARD;
            }
        },
    };
    finish(written.and_then(|()| stdout.flush()), status, stderr)
}

/// The exit status once the output is written (or could not be).
/// The options of a command's parsed arguments; or, for `--help`, the usage printed and for a
/// usage error the message and the usage, as the exit status.
fn usage_or<T>(
    parsed: Result<Option<T>, String>,
    usage: &str,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> Result<T, i32> {
    match parsed {
        Ok(Some(options)) => Ok(options),
        Ok(None) => {
            let written = stdout
                .write_all(usage.as_bytes())
                .and_then(|()| stdout.flush());
            Err(finish(written, SOLVED, stderr))
        }
        Err(message) => {
            note(stderr, &format!("{message}\n\n{usage}"));
            Err(USAGE_ERROR)
        }
    }
}

fn finish(written: io::Result<()>, status: i32, stderr: &mut dyn Write) -> i32 {
    match written {
        Ok(()) => status,
        // A closed pipe (`tilesearch trace … | head`) is a reader that has seen enough.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => status,
        Err(e) => {
            note(stderr, &format!("cannot write the output: {e}"));
            IO_ERROR
        }
    }
}

/// A message on standard error. If even that cannot be written there is nowhere left to say
/// so; the exit status still tells.
fn note(stderr: &mut dyn Write, message: &str) {
    let _ = writeln!(
        stderr,
        "tilesearch: {}",
        escape_controls_but_newlines(message)
    );
    let _ = stderr.flush();
}

/// [`escape_controls`] line by line: the usage text's own newlines stay.
fn escape_controls_but_newlines(message: &str) -> String {
    message
        .split('\n')
        .map(|line| escape_controls(line).into_owned())
        .collect::<Vec<_>>()
        .join("\n")
}

/// How much of a board's text a message quotes: a 5×5 board's, whole.
const BOARD_CHARS: usize = 120;

/// A board's text as a message quotes it: on one line (rows joined by " / "), its control
/// characters escaped, cut after [`BOARD_CHARS`] characters.
fn quoted(text: &str) -> String {
    let rows: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    shorten_to(&rows.join(" / "), BOARD_CHARS)
}

/// Why `trace -` has no board text.
enum Input {
    Unreadable(io::Error),
    Invalid(Error),
}

/// The board of `trace`: its arguments, or all of standard input for `-`.
fn board_text(options: &Options, stdin: &mut dyn BufRead) -> Result<String, Input> {
    if options.board != ["-"] {
        return Ok(options.board.join(" "));
    }
    // Line by line with bounded memory (`yes` or `/dev/zero` fill no memory), a byte-order
    // mark skipped and UTF-16 read as `solve -` and `check` read them.
    let mut lines = LineReader::new(stdin, BOARD_LINE_MAX);
    let mut text = String::new();
    while let Some((line, read)) = lines.next_line().map_err(Input::Unreadable)? {
        let bytes = match read {
            Line::Text(bytes) => bytes,
            Line::TooLong => {
                return Err(Input::Invalid(Error::LineTooLong {
                    line,
                    max: BOARD_LINE_MAX,
                }))
            }
        };
        let row = std::str::from_utf8(bytes).map_err(|e| {
            Input::Invalid(Error::NotUtf8 {
                line: line as usize,
                byte: bytes[e.valid_up_to()],
                column: e.valid_up_to() + 1,
            })
        })?;
        if text.len() + row.len() >= BOARD_LINE_MAX {
            return Err(Input::Invalid(Error::InputTooLong {
                max: BOARD_LINE_MAX,
            }));
        }
        text.push_str(row);
        text.push('\n');
    }
    Ok(text)
}

/// Loads (or builds) the pattern databases before a `pdb` search needs them, once per run.
fn prepare(options: &Options, board: &Board) {
    if options.heuristic == HeuristicKind::Pdb && board.width() == 4 {
        options
            .databases
            .get_or_init(|| pdb_cache::load_or_build(options.goal));
    }
}

/// The heuristic to search `board` with: the one named, with the databases [`prepare`] loaded.
fn heuristic(options: &Options, board: &Board) -> Result<HeuristicChoice, Error> {
    let databases = options.databases.get().cloned();
    HeuristicChoice::new(options.heuristic, board.width(), options.goal, databases)
}

/// A valid, solvable board, checked before any pattern database is built for it.
fn checked_board(options: &Options, text: &str) -> Result<Board, Error> {
    let board = Board::parse(text)?;
    board.check_solvable(options.goal)?;
    prepare(options, &board);
    Ok(board)
}

/// One algorithm's run on one board (the Python module's `solve` makes one too, to print the
/// same JSON object).
pub(crate) struct Outcome {
    pub(crate) board: Board,
    pub(crate) algorithm: Algorithm,
    pub(crate) report: Report,
    pub(crate) seconds: f64,
    /// A frontier search gave up because memory ran out before its guard.
    pub(crate) out_of_memory: bool,
    /// The guard.
    pub(crate) max_reached: u64,
}

impl Outcome {
    fn solved(&self) -> bool {
        self.report.status == Status::Solved
    }

    /// The status as the CLI's JSON names it: `stopped` for a run `--max-nodes` stopped.
    pub(crate) fn status_name(&self) -> &'static str {
        match self.report.status {
            Status::Running => "stopped",
            status => status.name(),
        }
    }

    /// Why the board was not solved, as a sentence (`None` once solved).
    fn failure(&self) -> Option<String> {
        let (algorithm, board) = (self.algorithm, self.board.to_line());
        let reached = self.report.reached().unwrap_or(0);
        match self.report.status {
            Status::Solved => None,
            Status::GaveUp if self.out_of_memory => Some(format!(
                "{algorithm} gave up on {board}: memory ran out at {reached} reached states (below the memory guard of {})",
                self.max_reached
            )),
            Status::GaveUp => Some(format!(
                "{algorithm} gave up on {board} after {reached} reached states (the memory guard; raise it with --max-reached)"
            )),
            Status::Running => Some(format!(
                "{algorithm} stopped on {board} after {} nodes (--max-nodes); not solved",
                self.report.nodes
            )),
            Status::Exhausted => Some(format!(
                "{algorithm} searched every state reachable from {board} without reaching the goal"
            )),
        }
    }
}

/// Solves one board: the outcome, or the error that stopped it.
fn solve(options: &Options, text: &str) -> Result<Outcome, Error> {
    let board = checked_board(options, text)?;
    solve_board(options, options.algorithm, board)
}

fn solve_board(options: &Options, algorithm: Algorithm, board: Board) -> Result<Outcome, Error> {
    // `--max-nodes` is the sequential search's budget (the options never pair it with
    // threads; checked again here so that no run could ignore it).
    if options.threads > 1 && algorithm == Algorithm::Ida && options.max_nodes.is_none() {
        let clock = Instant::now();
        let heuristic = heuristic(options, &board)?;
        let (report, _) = ida_star_parallel(
            board,
            options.goal,
            heuristic,
            options.order,
            options.threads,
        )?;
        return Ok(Outcome {
            board,
            algorithm,
            report,
            seconds: clock.elapsed().as_secs_f64(),
            out_of_memory: false,
            max_reached: crate::search::DEFAULT_MAX_REACHED,
        });
    }
    let mut search = new_search_in_order(
        board,
        options.goal,
        heuristic(options, &board)?,
        algorithm,
        options.max_reached,
        options.order,
    )?;
    let clock = Instant::now();
    search.run(options.max_nodes);
    Ok(outcome(options, board, algorithm, &*search, clock))
}

fn outcome(
    options: &Options,
    board: Board,
    algorithm: Algorithm,
    search: &dyn Search,
    clock: Instant,
) -> Outcome {
    Outcome {
        board,
        algorithm,
        report: search.report(),
        seconds: clock.elapsed().as_secs_f64(),
        out_of_memory: search.out_of_memory(),
        max_reached: options
            .max_reached
            .unwrap_or(crate::search::DEFAULT_MAX_REACHED),
    }
}

/// `solve -`: one board per line. Every line that is not blank or a comment gets exactly one
/// result or error, a line that is not UTF-8 included.
fn solve_lines(
    options: &Options,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
    status: &mut i32,
) -> io::Result<()> {
    let mut lines = LineReader::new(stdin, BOARD_LINE_MAX);
    let mut line = 0;
    loop {
        let bytes = match lines.next_line() {
            Ok(None) => return Ok(()),
            Ok(Some((number, text))) => {
                line = number;
                text
            }
            Err(e) => {
                // Whatever came before is printed; say where reading stopped.
                out.flush()?;
                note(
                    err,
                    &format!("cannot read standard input after line {line}: {e}"),
                );
                *status = IO_ERROR;
                return Ok(());
            }
        };
        let bytes = match bytes {
            Line::Text(bytes) => bytes,
            Line::TooLong => {
                *status = BAD_BOARD;
                let error = Error::LineTooLong {
                    line,
                    max: BOARD_LINE_MAX,
                };
                print_error(options, "", &error, out)?;
                out.flush()?;
                continue;
            }
        };
        let result = match std::str::from_utf8(bytes) {
            Ok(text) => {
                let text = text.trim();
                if text.is_empty() || text.starts_with('#') {
                    continue;
                }
                solve(options, text).map_err(|e| (text.to_string(), e))
            }
            Err(e) => {
                let text = String::from_utf8_lossy(bytes);
                let text = text.trim();
                if text.starts_with('#') {
                    continue;
                }
                let at = e.valid_up_to();
                let error = Error::NotUtf8 {
                    line: line as usize,
                    byte: bytes[at],
                    column: at + 1,
                };
                Err((text.to_string(), error))
            }
        };
        if !result.as_ref().is_ok_and(Outcome::solved) {
            *status = BAD_BOARD;
        }
        match result {
            Ok(outcome) => print_solution(options, &outcome, out)?,
            Err((text, error)) => print_error(options, &text, &error, out)?,
        }
        out.flush()?;
    }
}

fn solve_one(
    options: &Options,
    text: &str,
    out: &mut dyn Write,
    err: &mut dyn Write,
    status: &mut i32,
) -> io::Result<()> {
    match solve(options, text) {
        Ok(outcome) => {
            if !outcome.solved() {
                *status = BAD_BOARD;
            }
            print_solution(options, &outcome, out)
        }
        Err(error) => {
            *status = BAD_BOARD;
            if options.json {
                print_error(options, text, &error, out)
            } else {
                note(err, &format!("{}: {error}", quoted(text)));
                Ok(())
            }
        }
    }
}

fn print_error(
    options: &Options,
    text: &str,
    error: &Error,
    out: &mut dyn Write,
) -> io::Result<()> {
    if options.json {
        // A board that parsed (an unsolvable one) is written as solved ones are; other text on
        // one line, cut short. JSON escapes C0 controls itself, but not DEL, C1 controls or
        // bidi overrides, which `quoted` escapes.
        let board = Board::parse(text).map_or_else(|_| quoted(text), |b| b.to_line());
        let object = json!({"board": board, "error": error.to_string(), "kind": error.kind()});
        writeln!(out, "{object}")
    } else if matches!(error, Error::NotUtf8 { .. } | Error::LineTooLong { .. }) {
        // The message names the line; its bytes are not text to quote.
        writeln!(out, "tilesearch: {error}")
    } else {
        writeln!(out, "tilesearch: {}: {error}", quoted(text))
    }
}

/// A board's outcome as `solve --json` prints it, and as the Python module's `solve` returns
/// it: `board`, `algorithm`, `heuristic`, `goal`, `status`, `length`, `moves`, `expanded`,
/// `generated`, `iterations`, `maxFrontier`, `reached` (and `outOfMemory` when true).
pub(crate) fn outcome_json(
    outcome: &Outcome,
    heuristic: HeuristicKind,
    goal: crate::board::Goal,
) -> serde_json::Value {
    let report = &outcome.report;
    let mut object = json!({
        "board": outcome.board.to_line(),
        "algorithm": outcome.algorithm.name(),
        "heuristic": heuristic.name(),
        "goal": goal.name(),
        "status": outcome.status_name(),
        "length": report.length,
        "moves": report.moves.clone().unwrap_or_default(),
        "expanded": report.expanded,
        "generated": report.generated,
        "iterations": report.iterations(),
        "maxFrontier": report.max_frontier(),
        "reached": report.reached(),
    });
    if outcome.out_of_memory {
        object["outOfMemory"] = true.into();
    }
    object
}

/// Prints a board's outcome: the solution, or why there is none.
fn print_solution(options: &Options, outcome: &Outcome, out: &mut dyn Write) -> io::Result<()> {
    let Outcome {
        board,
        report,
        seconds,
        ..
    } = outcome;
    let moves = report.moves.clone().unwrap_or_default();
    if options.json {
        let object = outcome_json(outcome, options.heuristic, options.goal);
        return writeln!(out, "{object}");
    }
    if let Some(failure) = outcome.failure() {
        return writeln!(out, "{failure}.");
    }
    let thresholds: Vec<String> = report
        .iterations()
        .iter()
        .map(|i| i.threshold.to_string())
        .collect();
    writeln!(
        out,
        "Solved {} in {} moves with {} ({}, goal {}).",
        board.to_line(),
        moves.len(),
        options.algorithm.title(),
        options.heuristic,
        options.goal
    )?;
    match report.frontier() {
        Some(FrontierProgress {
            max_frontier,
            reached,
        }) => writeln!(
            out,
            "Expanded {} nodes, generated {}; largest frontier {max_frontier}, {reached} states reached; {:.3} s.",
            report.expanded, report.generated, seconds
        )?,
        None => writeln!(
            out,
            "Expanded {} nodes, generated {}, in {} iterations (thresholds {}), {:.3} s.",
            report.expanded,
            report.generated,
            report.iterations().len(),
            thresholds.join(" "),
            seconds
        )?,
    }
    let tiles: Vec<String> = moves.iter().map(std::string::ToString::to_string).collect();
    writeln!(out, "Tiles slid: {}", tiles.join(" "))?;
    writeln!(out, "\nStart:\n{board}")?;
    let mut current = *board;
    for (i, &tile) in moves.iter().enumerate() {
        if current.slide(tile).is_err() {
            break;
        }
        writeln!(out, "\nStep {}:\n{current}", i + 1)?;
    }
    Ok(())
}

/// Every algorithm on one board: the lecture's comparison table. A run that gives up or is
/// stopped gets its row (length `gave up`, `no memory` or `stopped`), a sentence on standard
/// error, and exit status 1.
fn compare(
    options: &Options,
    text: &str,
    out: &mut dyn Write,
    err: &mut dyn Write,
    status: &mut i32,
) -> io::Result<()> {
    let board = match checked_board(options, text) {
        Ok(board) => board,
        Err(error) => {
            *status = BAD_BOARD;
            note(err, &format!("{}: {error}", quoted(text)));
            return Ok(());
        }
    };
    if !options.json {
        writeln!(
            out,
            "{:<10} {:>8} {:>12} {:>12} {:>14} {:>10} {:>9}",
            "algorithm", "length", "expanded", "generated", "max frontier", "reached", "seconds"
        )?;
    }
    for algorithm in Algorithm::ALL {
        let outcome = match solve_board(options, algorithm, board) {
            Ok(outcome) => outcome,
            Err(error) => {
                note(err, &format!("{algorithm}: {error}"));
                *status = BAD_BOARD;
                continue;
            }
        };
        let report = &outcome.report;
        let show = |v: Option<u64>| v.map_or("-".to_string(), |v| v.to_string());
        if options.json {
            let mut object = json!({
                "algorithm": algorithm.name(), "status": outcome.status_name(), "length": report.length,
                "expanded": report.expanded, "generated": report.generated,
                "maxFrontier": report.max_frontier(), "reached": report.reached(), "seconds": outcome.seconds,
            });
            if outcome.out_of_memory {
                object["outOfMemory"] = true.into();
            }
            writeln!(out, "{object}")?;
        } else {
            let length = match report.status {
                Status::GaveUp if outcome.out_of_memory => "no memory".to_string(),
                Status::GaveUp => "gave up".to_string(),
                Status::Running => "stopped".to_string(),
                _ => show(report.length.map(u64::from)),
            };
            writeln!(
                out,
                "{:<10} {:>8} {:>12} {:>12} {:>14} {:>10} {:>9.3}",
                algorithm.name(),
                length,
                report.expanded,
                report.generated,
                show(report.max_frontier()),
                show(report.reached()),
                outcome.seconds
            )?;
        }
        if let Some(failure) = outcome.failure() {
            // The table row comes first, then the reason.
            out.flush()?;
            note(err, &failure);
            *status = BAD_BOARD;
        }
    }
    Ok(())
}

fn trace(
    options: &Options,
    text: &str,
    out: &mut dyn Write,
    err: &mut dyn Write,
    status: &mut i32,
) -> io::Result<()> {
    let search = checked_board(options, text).and_then(|b| {
        new_search_in_order(
            b,
            options.goal,
            heuristic(options, &b)?,
            options.algorithm,
            options.max_reached,
            options.order,
        )
        .map(|search| (b, search))
    });
    let (board, mut search) = match search {
        Ok(search) => search,
        Err(error) => {
            *status = BAD_BOARD;
            note(err, &format!("{}: {error}", quoted(text)));
            return Ok(());
        }
    };
    let clock = Instant::now();
    let mut failure = None;
    search.run_traced(
        options.max_nodes,
        &mut |event| match writeln!(out, "{}", event.to_json()) {
            Ok(()) => false,
            Err(e) => {
                failure = Some(e);
                true
            }
        },
    );
    if let Some(e) = failure {
        return Err(e);
    }
    out.flush()?;
    let outcome = outcome(options, board, options.algorithm, &*search, clock);
    match outcome.report.status {
        // The budget asked for a trace this long: not a failure.
        Status::Running => note(
            err,
            &format!(
                "stopped after {} nodes (--max-nodes); not solved yet",
                outcome.report.nodes
            ),
        ),
        Status::Solved => {}
        _ => {
            *status = BAD_BOARD;
            if let Some(failure) = outcome.failure() {
                note(err, &failure);
            }
        }
    }
    Ok(())
}
