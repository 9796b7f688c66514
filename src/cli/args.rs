//! The command line's arguments: the usage text and the parsed options.

use crate::board::{Goal, MoveOrder};
use crate::error::Error;
use crate::heuristic::pdb::PatternDatabases;
use crate::heuristic::HeuristicKind;
use crate::search::parallel::MAX_WORKERS;
use crate::search::{Algorithm, MAX_REACHED};
use std::cell::OnceCell;
use std::sync::Arc;

/// The usage text printed by `--help` and after a usage error.
pub(super) const USAGE: &str = "\
tilesearch: step-by-step IDA* for the 8-, 15- and 24-puzzle

Usage:
  tilesearch solve [--algorithm A] [--heuristic H] [--goal G] [--order O] [--json]
                   [--max-nodes N] [--threads N] BOARD
  tilesearch trace [--algorithm A] [--heuristic H] [--goal G] [--order O] [--max-nodes N] BOARD
  tilesearch compare [--heuristic H] [--goal G] [--order O] [--json] [--max-nodes N] BOARD
  tilesearch check [--heuristic H] [--goal G] [--order O] [--json] --board BOARD TRACE
  tilesearch exercise --seed S [--count N] [--format json|markdown|moodle] …  (exercise --help)
  tilesearch quality [--heuristic H] [--goal G] [--json]  (h against h* on the 8-puzzle)
  tilesearch --help

BOARD   the tiles in row-major order, 0 or _ for the blank, e.g. 6 4 5 8 2 7 1 0 3,
        6,4,5,8,2,7,1,0,3 or \"6 4 5 / 8 2 7 / 1 0 3\". With solve, - reads one board per
        line from standard input (blank lines and lines starting with # are skipped); with
        trace, - reads one board (any form, the lecture's grid included) from standard input.
--algorithm  ida (default) | bfs | dfs | greedy | astar: IDA*, or the lecture's breadth-first,
             depth-first, greedy best-first and A* graph searches
--max-reached  frontier searches give up after this many reached states (default 1000000,
             at most 1000000000), or sooner when memory runs out; not for ida
--heuristic  hamming | manhattan (default) | linear-conflict | pdb (4×4: 6-6-3 pattern
             databases, built once in about ten seconds and cached in $TILESEARCH_CACHE,
             $XDG_CACHE_HOME/tilesearch or ~/.cache/tilesearch)
--goal       blank-last (1 2 3 / 4 5 6 / 7 8 0, default) | blank-first (0 1 2 / 3 4 5 / 6 7 8)
--order      the order in which the blank's moves are tried: l, r, u, d once each, e.g.
             lrud (left, right, up, down: the lecture's, default) or udlr
--json       one JSON object per board on one line: length, moves (tiles slid, in order),
             expanded, generated, iterations; or error for an invalid or unsolvable board
--max-nodes  stop after N nodes (visited + pruned): trace prints the events so far; solve
             and compare report the board as stopped, not solved
--threads    solve with IDA* on N threads (1 to 256; default one per available core, 1
             with --max-nodes): the same output for every N, sooner on several cores;
             1 is the sequential search, the only one --max-nodes can stop (its budget
             counts that search's nodes), so N > 1 and --max-nodes are a usage error
check        checks a trace of your own IDA* (JSON Lines, one event per line; TRACE a file
             or -) against the core's, event by event, and names the first divergence;
             without --order it infers your move order from the trace. Exit 0 when the
             trace is correct IDA*, 1 when it is not, 2 on bad usage
compare      runs every algorithm on BOARD and prints length, expanded, generated, largest
             frontier, reached states and time for each

Exit status: 0 every board solved, 1 a board was invalid, unsolvable, given up on (the
memory guard of a frontier search, or memory ran out) or stopped by --max-nodes before it was
solved (trace: a budget only shortens the trace), 2 bad usage, 3 the output could not be
written or the input read (a closed pipe, as with | head, is not an error).
";

#[derive(Debug, PartialEq, Eq)]
pub(super) enum Command {
    Solve,
    Trace,
    Compare,
    Check,
}

#[derive(Debug)]
pub(super) struct Options {
    pub(super) command: Command,
    pub(super) heuristic: HeuristicKind,
    pub(super) goal: Goal,
    pub(super) algorithm: Algorithm,
    pub(super) order: MoveOrder,
    pub(super) max_reached: Option<u64>,
    pub(super) json: bool,
    pub(super) max_nodes: Option<u64>,
    /// `solve`'s IDA* threads: 1 is the sequential search (always with `--max-nodes`, for
    /// the other algorithms and for the other commands); without `--threads`, one per
    /// available core.
    pub(super) threads: u32,
    pub(super) board: Vec<String>,
    /// `check`'s board (`--board`); its `board` holds the trace's file name.
    pub(super) check_board: Option<String>,
    /// Whether `--order` was given (`check` infers the order otherwise).
    pub(super) order_given: bool,
    /// The pattern databases for `goal`, loaded on the first `pdb` board (see `prepare`) and
    /// kept for the rest of the run (`solve -` reads many boards).
    pub(super) databases: OnceCell<Arc<PatternDatabases>>,
}

/// The options of `args`, or `None` for `--help`; a usage error as its message.
pub(super) fn parse_args(args: &[String]) -> Result<Option<Options>, String> {
    let mut args = args.iter();
    let command = match args.next().map(String::as_str) {
        None => return Err("no command given".into()),
        Some("-h" | "--help" | "help") => return Ok(None),
        Some("solve") => Command::Solve,
        Some("trace") => Command::Trace,
        Some("compare") => Command::Compare,
        Some("check") => Command::Check,
        Some(other) => {
            return Err(format!(
                "unknown command {}: use solve, trace, compare or check",
                crate::error::quote(other)
            ))
        }
    };
    let mut options = Options {
        command,
        heuristic: HeuristicKind::default(),
        goal: Goal::default(),
        algorithm: Algorithm::default(),
        order: MoveOrder::default(),
        max_reached: None,
        json: false,
        max_nodes: None,
        threads: 1,
        board: Vec::new(),
        check_board: None,
        order_given: false,
        databases: OnceCell::new(),
    };
    let mut only_board = false;
    let mut threads_given = false;
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
        if inline.is_some() && matches!(name, "--" | "--help" | "--json") {
            return Err(format!(
                "{name} takes no value, got {}: leave {name} out to turn it off",
                crate::error::quote(arg)
            ));
        }
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
                options.heuristic = value()?.parse().map_err(|e: Error| e.to_string())?;
            }
            "--order" => {
                options.order = value()?.parse().map_err(|e: Error| e.to_string())?;
                options.order_given = true;
            }
            "--board" if options.command == Command::Check => options.check_board = Some(value()?),
            "--goal" => options.goal = value()?.parse().map_err(|e: Error| e.to_string())?,
            "--algorithm" => {
                options.algorithm = value()?.parse().map_err(|e: Error| e.to_string())?;
            }
            "--max-reached" => {
                let v = value()?;
                options.max_reached = Some(
                    v.parse()
                        .ok()
                        .filter(|n: &u64| (1..=MAX_REACHED).contains(n))
                        .ok_or_else(|| {
                            format!("--max-reached needs a whole number of states from 1 to {MAX_REACHED}, got {}", crate::error::quote(&v))
                        })?,
                );
            }
            "--threads" => {
                let v = value()?;
                options.threads = v
                    .parse()
                    .ok()
                    .filter(|n: &u32| (1..=MAX_WORKERS).contains(n))
                    .ok_or_else(|| {
                        format!("--threads needs a whole number of threads from 1 to {MAX_WORKERS}, got {}", crate::error::quote(&v))
                    })?;
                threads_given = true;
            }
            "--max-nodes" => {
                let v = value()?;
                options.max_nodes = Some(v.parse().map_err(|_| {
                    format!(
                        "--max-nodes needs a whole number of nodes, got {}",
                        crate::error::quote(&v)
                    )
                })?);
            }
            _ => return Err(format!("unknown option {}", crate::error::quote(arg))),
        }
    }
    if options.json && options.command == Command::Trace {
        return Err("trace always prints JSON lines; --json is for solve and compare".into());
    }
    if options.command == Command::Compare && options.algorithm != Algorithm::default() {
        return Err("compare runs every algorithm; --algorithm is for solve and trace".into());
    }
    if options.max_reached.is_some()
        && options.command != Command::Compare
        && options.algorithm == Algorithm::Ida
    {
        return Err("--max-reached is the memory guard of the frontier searches (bfs, dfs, greedy, astar); ida keeps only its path in memory and takes none: add --algorithm bfs, dfs, greedy or astar, or leave --max-reached out".into());
    }
    if threads_given {
        if options.command != Command::Solve {
            return Err(
                "--threads is for solve: trace, compare and check run on one thread".into(),
            );
        }
        if options.algorithm != Algorithm::Ida {
            return Err(format!(
                "--threads runs IDA* on several threads; {} runs on one: leave --threads out, or solve with --algorithm ida",
                options.algorithm
            ));
        }
        if options.max_nodes.is_some() && options.threads > 1 {
            return Err("--max-nodes stops the search on one thread; on several it runs to the end: leave out --max-nodes or --threads".into());
        }
    } else if options.command == Command::Solve
        && options.algorithm == Algorithm::Ida
        && options.max_nodes.is_none()
    {
        // The parallel search prints what the sequential one does, so every core is used
        // unless asked otherwise; a node budget keeps the sequential search, which it counts.
        options.threads = available_threads();
    }
    if options.command == Command::Check {
        return check_options(options);
    }
    if options.board.is_empty() {
        return Err("no board given".into());
    }
    Ok(Some(options))
}

/// The threads `solve` uses without `--threads`: one per core the process may run on (its
/// affinity and quota included), at most [`MAX_WORKERS`]; 1 when that is unknown.
pub(crate) fn available_threads() -> u32 {
    std::thread::available_parallelism().map_or(1, |n| {
        u32::try_from(n.get()).map_or(MAX_WORKERS, |n| n.min(MAX_WORKERS))
    })
}

/// `check`'s own rules: IDA* only, a `--board` and one trace.
fn check_options(options: Options) -> Result<Option<Options>, String> {
    if options.algorithm != Algorithm::Ida {
        return Err("check checks IDA* traces; --algorithm is for solve and trace".into());
    }
    if options.max_nodes.is_some() {
        return Err(
            "check follows the whole trace; --max-nodes is for solve, trace and compare".into(),
        );
    }
    if options.check_board.is_none() {
        return Err("check needs the start board: --board \"6 4 5 / 8 2 7 / 1 0 3\"".into());
    }
    match options.board.len() {
        0 => Err("check needs the trace: a file of JSON lines, or - for standard input".into()),
        1 => Ok(Some(options)),
        _ => Err(format!(
            "check takes one trace, got {}: {} (quote the board after --board)",
            options.board.len(),
            options.board.join(" ")
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::{available_threads, parse_args};

    fn threads(args: &[&str]) -> u32 {
        let args: Vec<String> = args.iter().map(|a| (*a).to_string()).collect();
        parse_args(&args).unwrap().unwrap().threads
    }

    #[test]
    fn solve_takes_every_core_unless_told_or_budgeted() {
        let board = "6 4 5 8 2 7 1 0 3";
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        assert_eq!(available_threads() as usize, cores.min(256));
        assert_eq!(threads(&["solve", board]), available_threads());
        assert_eq!(threads(&["solve", "--json", "-"]), available_threads());
        assert_eq!(threads(&["solve", "--threads", "1", board]), 1);
        assert_eq!(threads(&["solve", "--threads", "3", board]), 3);
        // The sequential search: under a node budget, for the other algorithms and commands.
        assert_eq!(threads(&["solve", "--max-nodes", "9", board]), 1);
        assert_eq!(
            threads(&["solve", "--threads", "1", "--max-nodes", "9", board]),
            1
        );
        assert_eq!(threads(&["solve", "--algorithm", "bfs", board]), 1);
        assert_eq!(threads(&["trace", board]), 1);
        assert_eq!(threads(&["compare", board]), 1);
        assert_eq!(threads(&["check", "--board", board, "-"]), 1);
    }
}
