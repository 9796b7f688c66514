//! The command line: `tilesearch solve` and `tilesearch trace`, printing the core's results and
//! events. Exit status: 0 when every board was solved, 1 when any board was invalid or
//! unsolvable, 2 on bad usage.

use crate::board::{Board, Goal};
use crate::error::Error;
use crate::heuristic::HeuristicKind;
use crate::search::{new_search, Algorithm, Report, Status};
use serde_json::json;
use std::io::{self, BufRead, Write};
use std::time::Instant;

/// The usage text printed by `--help` and after a usage error.
pub const USAGE: &str = "\
tilesearch: step-by-step IDA* for the 8-, 15- and 24-puzzle

Usage:
  tilesearch solve [--algorithm A] [--heuristic H] [--goal G] [--json] BOARD
  tilesearch trace [--algorithm A] [--heuristic H] [--goal G] [--max-nodes N] BOARD
  tilesearch compare [--heuristic H] [--goal G] [--json] BOARD
  tilesearch --help

BOARD   the tiles in row-major order, 0 or _ for the blank, e.g. 6 4 5 8 2 7 1 0 3,
        6,4,5,8,2,7,1,0,3 or \"6 4 5 / 8 2 7 / 1 0 3\". With solve, - reads one board per
        line from standard input (blank lines and lines starting with # are skipped); with
        trace, - reads one board (any form, the lecture's grid included) from standard input.
--algorithm  ida (default) | bfs | dfs | greedy | astar: IDA*, or the lecture's breadth-first,
             depth-first, greedy best-first and A* graph searches
--max-reached  frontier searches give up after this many reached states (default 1000000)
--heuristic  hamming | manhattan (default) | linear-conflict | pdb (4×4: 6-6-3 pattern
             databases, built once in about ten seconds and cached in $TILESEARCH_CACHE,
             $XDG_CACHE_HOME/tilesearch or ~/.cache/tilesearch)
--goal       blank-last (1 2 3 / 4 5 6 / 7 8 0, default) | blank-first (0 1 2 / 3 4 5 / 6 7 8)
--json       one JSON object per board on one line: length, moves (tiles slid, in order),
             expanded, generated, iterations; or error for an invalid or unsolvable board
--max-nodes  trace: stop after N nodes (visited + pruned)
compare      runs every algorithm on BOARD and prints length, expanded, generated, largest
             frontier, reached states and time for each

Exit status: 0 every board solved, 1 a board was invalid, unsolvable or given up on (the
memory guard of a frontier search), 2 bad usage.
";

/// Process exit statuses.
const SOLVED: i32 = 0;
const BAD_BOARD: i32 = 1;
const USAGE_ERROR: i32 = 2;

#[derive(Debug, PartialEq, Eq)]
enum Command {
    Solve,
    Trace,
    Compare,
}

#[derive(Debug)]
struct Options {
    command: Command,
    heuristic: HeuristicKind,
    goal: Goal,
    algorithm: Algorithm,
    max_reached: Option<u64>,
    json: bool,
    max_nodes: Option<u64>,
    board: Vec<String>,
}

fn parse_args(args: &[String]) -> Result<Option<Options>, String> {
    let mut args = args.iter();
    let command = match args.next().map(String::as_str) {
        None => return Err("no command given".into()),
        Some("-h" | "--help" | "help") => return Ok(None),
        Some("solve") => Command::Solve,
        Some("trace") => Command::Trace,
        Some("compare") => Command::Compare,
        Some(other) => {
            return Err(format!(
                "unknown command \"{other}\": use solve, trace or compare"
            ))
        }
    };
    let mut options = Options {
        command,
        heuristic: HeuristicKind::default(),
        goal: Goal::default(),
        algorithm: Algorithm::default(),
        max_reached: None,
        json: false,
        max_nodes: None,
        board: Vec::new(),
    };
    let mut only_board = false;
    while let Some(arg) = args.next() {
        if only_board || !arg.starts_with("--") {
            if arg == "-h" && !only_board {
                return Ok(None);
            }
            options.board.push(arg.clone());
            continue;
        }
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (arg.as_str(), None),
        };
        let mut value = || {
            inline
                .clone()
                .or_else(|| args.next().cloned())
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match name {
            "--" => only_board = true,
            "--help" => return Ok(None),
            "--json" => options.json = true,
            "--heuristic" => {
                options.heuristic = value()?.parse().map_err(|e: Error| e.to_string())?
            }
            "--goal" => options.goal = value()?.parse().map_err(|e: Error| e.to_string())?,
            "--algorithm" => {
                options.algorithm = value()?.parse().map_err(|e: Error| e.to_string())?
            }
            "--max-reached" => {
                let v = value()?;
                options.max_reached =
                    Some(v.parse().ok().filter(|&n: &u64| n > 0).ok_or_else(|| {
                        format!("--max-reached needs a whole number of states above 0, got \"{v}\"")
                    })?)
            }
            "--max-nodes" => {
                let v = value()?;
                options.max_nodes = Some(v.parse().map_err(|_| {
                    format!("--max-nodes needs a whole number of nodes, got \"{v}\"")
                })?)
            }
            _ => return Err(format!("unknown option \"{arg}\"")),
        }
    }
    if options.json && options.command == Command::Trace {
        return Err("trace always prints JSON lines; --json is for solve".into());
    }
    if options.max_nodes.is_some() && options.command != Command::Trace {
        return Err("--max-nodes is for trace".into());
    }
    if options.command == Command::Compare && options.algorithm != Algorithm::default() {
        return Err("compare runs every algorithm; --algorithm is for solve and trace".into());
    }
    if options.board.is_empty() {
        return Err("no board given".into());
    }
    Ok(Some(options))
}

/// Runs the CLI with `args` (without the program name); returns the exit status.
pub fn run(
    args: &[String],
    stdin: &mut dyn BufRead,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> i32 {
    let options = match parse_args(args) {
        Ok(Some(options)) => options,
        Ok(None) => {
            let _ = stdout.write_all(USAGE.as_bytes());
            return SOLVED;
        }
        Err(message) => {
            let _ = writeln!(stderr, "tilesearch: {message}\n\n{USAGE}");
            return USAGE_ERROR;
        }
    };
    let from_stdin = options.board == ["-"];
    let result = match options.command {
        Command::Solve if from_stdin => solve_lines(&options, stdin, stdout),
        Command::Solve => solve_one(&options, &options.board.join(" "), stdout, stderr),
        Command::Compare => compare(&options, &options.board.join(" "), stdout, stderr),
        Command::Trace => {
            let mut text = String::new();
            let text = if from_stdin {
                match stdin.read_to_string(&mut text) {
                    Ok(_) => text,
                    Err(e) => {
                        let _ = writeln!(stderr, "tilesearch: cannot read standard input: {e}");
                        return USAGE_ERROR;
                    }
                }
            } else {
                options.board.join(" ")
            };
            trace(&options, &text, stdout, stderr)
        }
    };
    // A closed pipe (`tilesearch trace … | head`) is a reader that has seen enough.
    result.unwrap_or(SOLVED)
}

/// Loads (or builds) the pattern databases before a `pdb` search needs them.
fn prepare(options: &Options, board: &Board) {
    if options.heuristic == HeuristicKind::Pdb && board.width() == 4 {
        crate::heuristic::pdb::load_or_build(options.goal);
    }
}

/// Solves one board: the report, or the error that stopped it.
fn solve(options: &Options, text: &str) -> Result<(Board, Report, f64), Error> {
    let board = Board::parse(text)?;
    prepare(options, &board);
    let (report, seconds) = solve_board(options, options.algorithm, board)?;
    Ok((board, report, seconds))
}

fn solve_lines(options: &Options, stdin: &mut dyn BufRead, out: &mut dyn Write) -> io::Result<i32> {
    let mut status = SOLVED;
    for line in stdin.lines() {
        let line = line?;
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let solved = match solve(options, text) {
            Ok(result) => print_solution(options, &result, out)?,
            Err(error) => print_error(options, text, &error, out)?,
        };
        if !solved {
            status = BAD_BOARD;
        }
        out.flush()?;
    }
    Ok(status)
}

fn solve_one(
    options: &Options,
    text: &str,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<i32> {
    let solved = match solve(options, text) {
        Ok(result) => print_solution(options, &result, out)?,
        Err(error) if options.json => print_error(options, text, &error, out)?,
        Err(error) => print_error(options, text, &error, err)?,
    };
    Ok(if solved { SOLVED } else { BAD_BOARD })
}

fn print_error(
    options: &Options,
    text: &str,
    error: &Error,
    out: &mut dyn Write,
) -> io::Result<bool> {
    if options.json {
        let object = json!({"board": text, "error": error.to_string(), "kind": error.kind()});
        writeln!(out, "{object}")?;
    } else {
        writeln!(out, "tilesearch: {text}: {error}")?;
    }
    Ok(false)
}

/// Prints a solved board; returns whether it was solved.
fn print_solution(
    options: &Options,
    (board, report, seconds): &(Board, Report, f64),
    out: &mut dyn Write,
) -> io::Result<bool> {
    let moves = report.moves.clone().unwrap_or_default();
    if options.json {
        let object = json!({
            "board": board.to_line(),
            "algorithm": options.algorithm.name(),
            "heuristic": options.heuristic.name(),
            "goal": options.goal.name(),
            "status": report.status,
            "length": report.length,
            "moves": moves,
            "expanded": report.expanded,
            "generated": report.generated,
            "iterations": report.iterations,
            "maxFrontier": report.max_frontier,
            "reached": report.reached,
        });
        writeln!(out, "{object}")?;
        return Ok(report.status == Status::Solved);
    }
    if report.status == Status::GaveUp {
        writeln!(
            out,
            "{} gave up on {} after {} reached states (the memory guard; raise it with --max-reached).",
            options.algorithm,
            board.to_line(),
            report.reached.unwrap_or(0)
        )?;
        return Ok(false);
    }
    let thresholds: Vec<String> = report
        .iterations
        .iter()
        .map(|i| i.threshold.to_string())
        .collect();
    writeln!(
        out,
        "Solved {} in {} moves with {} ({}, goal {}).",
        board.to_line(),
        moves.len(),
        algorithm_title(options.algorithm),
        options.heuristic,
        options.goal
    )?;
    match (report.max_frontier, report.reached) {
        (Some(frontier), Some(reached)) => writeln!(
            out,
            "Expanded {} nodes, generated {}; largest frontier {frontier}, {reached} states reached; {:.3} s.",
            report.expanded, report.generated, seconds
        )?,
        _ => writeln!(
            out,
            "Expanded {} nodes, generated {}, in {} iterations (thresholds {}), {:.3} s.",
            report.expanded,
            report.generated,
            report.iterations.len(),
            thresholds.join(" "),
            seconds
        )?,
    }
    let tiles: Vec<String> = moves.iter().map(|t| t.to_string()).collect();
    writeln!(out, "Tiles slid: {}", tiles.join(" "))?;
    writeln!(out, "\nStart:\n{board}")?;
    let mut current = *board;
    for (i, &tile) in moves.iter().enumerate() {
        if current.slide(tile).is_err() {
            break;
        }
        writeln!(out, "\nStep {}:\n{current}", i + 1)?;
    }
    Ok(report.status == Status::Solved)
}

fn algorithm_title(algorithm: Algorithm) -> &'static str {
    match algorithm {
        Algorithm::Ida => "IDA*",
        Algorithm::Bfs => "breadth-first search",
        Algorithm::Dfs => "depth-first search",
        Algorithm::Greedy => "greedy best-first search",
        Algorithm::Astar => "A*",
    }
}

/// Every algorithm on one board: the lecture's comparison table.
fn compare(
    options: &Options,
    text: &str,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<i32> {
    let board = match Board::parse(text).and_then(|b| b.check_solvable(options.goal).map(|_| b)) {
        Ok(board) => board,
        Err(error) => {
            writeln!(err, "tilesearch: {}: {error}", text.trim())?;
            return Ok(BAD_BOARD);
        }
    };
    prepare(options, &board);
    if !options.json {
        writeln!(
            out,
            "{:<10} {:>8} {:>12} {:>12} {:>14} {:>10} {:>9}",
            "algorithm", "length", "expanded", "generated", "max frontier", "reached", "seconds"
        )?;
    }
    let mut status = SOLVED;
    for algorithm in Algorithm::ALL {
        let (report, seconds) = match solve_board(options, algorithm, board) {
            Ok(result) => result,
            Err(error) => {
                writeln!(err, "tilesearch: {algorithm}: {error}")?;
                status = BAD_BOARD;
                continue;
            }
        };
        let show = |v: Option<u64>| v.map_or("-".to_string(), |v| v.to_string());
        if options.json {
            let object = json!({
                "algorithm": algorithm.name(), "status": report.status, "length": report.length,
                "expanded": report.expanded, "generated": report.generated,
                "maxFrontier": report.max_frontier, "reached": report.reached, "seconds": seconds,
            });
            writeln!(out, "{object}")?;
        } else {
            let length = match report.status {
                Status::GaveUp => "gave up".to_string(),
                _ => show(report.length.map(u64::from)),
            };
            writeln!(
                out,
                "{:<10} {:>8} {:>12} {:>12} {:>14} {:>10} {:>9.3}",
                algorithm.name(),
                length,
                report.expanded,
                report.generated,
                show(report.max_frontier),
                show(report.reached),
                seconds
            )?;
        }
    }
    Ok(status)
}

fn solve_board(
    options: &Options,
    algorithm: Algorithm,
    board: Board,
) -> Result<(Report, f64), Error> {
    let mut search = new_search(
        board,
        options.goal,
        options.heuristic,
        algorithm,
        options.max_reached,
    )?;
    let clock = Instant::now();
    search.run(None);
    Ok((search.report(), clock.elapsed().as_secs_f64()))
}

fn trace(
    options: &Options,
    text: &str,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<i32> {
    let search = Board::parse(text).and_then(|b| {
        prepare(options, &b);
        new_search(
            b,
            options.goal,
            options.heuristic,
            options.algorithm,
            options.max_reached,
        )
    });
    let mut search = match search {
        Ok(search) => search,
        Err(error) => {
            writeln!(err, "tilesearch: {}: {error}", text.trim())?;
            return Ok(BAD_BOARD);
        }
    };
    let mut failure = None;
    let status = search.run_traced(options.max_nodes, &mut |event| match writeln!(
        out,
        "{}",
        event.to_json()
    ) {
        Ok(()) => false,
        Err(e) => {
            failure = Some(e);
            true
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    out.flush()?;
    if status == Status::Running {
        let nodes = search.report().nodes;
        writeln!(
            err,
            "tilesearch: stopped after {nodes} nodes (--max-nodes); not solved yet"
        )?;
    }
    Ok(SOLVED)
}
