//! A fuzz harness for the Rust API: board text and number arrays, option names and guards, and
//! random call sequences over the `Search` trait, checked against the promises the API makes —
//! nothing panics, every error has its kind and its own message, a parsed board prints and
//! parses back to itself, and any interleaving of steps, silent runs, traced runs that pause at
//! random, resets and listings yields exactly the events of one clean stepping run, with the
//! counters those events imply.
//!
//! The harness uses proptest rather than `cargo fuzz`: `cargo fuzz` needs a nightly toolchain
//! and a sanitizer runtime, while proptest runs on the stable toolchain inside `cargo test` and
//! shrinks a failure to a minimal case. Failing cases are saved (proptest's regression files,
//! next to this file) and replayed first on the next run.
//!
//! How long it runs:
//! - by default each property tries a few hundred cases (a few seconds in all, as part of
//!   `cargo test --release`);
//! - `FUZZ_CASES=n` sets the cases per property per round;
//! - `FUZZ_SECONDS=s` repeats each property with fresh random seeds until it has run for `s`
//!   seconds, then prints how many cases it tried (`make fuzz`).
//!
//! The pattern-database heuristic is left to tests/pdb.rs, which builds its databases once
//! (about ten seconds per goal); here `pdb` is only checked to be refused with its own errors.

mod common;

use common::{assert_report_matches, check_ida_trace};
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::{
    Config, FileFailurePersistence, TestCaseResult, TestError, TestRunner,
};
use std::fmt::Debug;
use std::time::Instant;
use tilesearch::board::Direction;
use tilesearch::search::{FrontierProgress, IdaProgress, Progress, Report};
use tilesearch::trace::{
    ExpandEvent, GaveUpEvent, GenerateEvent, IterationEvent, NodeInfo, PruneEvent, RaiseEvent,
    SkipEvent, SolvedEvent,
};
use tilesearch::{
    new_search, Algorithm, Board, Error, Event, Goal, HeuristicChoice, HeuristicKind, Search,
    Status,
};

// ------------------------------------------------------------------------------------------
// The runner: a case count for `cargo test`, or a time budget for `make fuzz`.

fn env_number(name: &str) -> Option<u64> {
    let value = std::env::var(name).ok()?;
    let n = value.trim().parse();
    Some(n.unwrap_or_else(|e| panic!("{name}={value:?} is not a whole number: {e}")))
}

/// Runs `test` on cases drawn from `strategy`: `default_cases` of them, or `FUZZ_CASES`, and
/// again with fresh seeds until `FUZZ_SECONDS` have passed when that is set. A failure panics
/// with the shrunk, minimal input.
fn fuzz<S>(name: &str, default_cases: u32, strategy: S, test: impl Fn(S::Value) -> TestCaseResult)
where
    S: Strategy,
    S::Value: Debug,
{
    let cases =
        env_number("FUZZ_CASES").map_or(default_cases, |n| n.clamp(1, u64::from(u32::MAX)) as u32);
    let seconds = env_number("FUZZ_SECONDS");
    let config = Config {
        cases,
        source_file: Some(file!()),
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..Config::default()
    };
    let start = Instant::now();
    let (mut total, mut rounds) = (0u64, 0u64);
    loop {
        // `Config::default()` seeds each runner at random: every round tries new cases.
        let mut runner = TestRunner::new(config.clone());
        match runner.run(&strategy, &test) {
            Ok(()) => {}
            Err(TestError::Fail(reason, value)) => {
                panic!("{name}: {reason}\nminimal failing input: {value:#?}")
            }
            Err(TestError::Abort(reason)) => panic!("{name}: aborted: {reason}"),
        }
        total += u64::from(cases);
        rounds += 1;
        if seconds.is_none_or(|s| start.elapsed().as_secs() >= s) {
            break;
        }
    }
    eprintln!(
        "fuzz {name}: {total} cases in {rounds} rounds, {:.1} s",
        start.elapsed().as_secs_f64()
    );
}

// ------------------------------------------------------------------------------------------
// Errors: a kind from the documented set and a message of that kind.

/// Every kind `Error::kind` documents, with a phrase its message must contain.
const KINDS: [(&str, &str); 15] = [
    ("empty", "the board is empty"),
    ("not-a-number", "not a"),
    ("out-of-range", "is out of range"),
    ("wrong-tile-count", "numbers, got"),
    ("ragged-rows", "in every row"),
    ("duplicate-tile", "appears twice"),
    ("missing-tile", "is missing"),
    ("unsolvable", "this board is unsolvable"),
    ("unknown-heuristic", "unknown heuristic"),
    ("unknown-algorithm", "unknown algorithm"),
    ("unknown-goal", "unknown goal"),
    ("not-adjacent", "cannot slide"),
    ("pdb-width", "pattern databases"),
    ("pdb-missing", "pattern databases"),
    ("invalid-option", ""),
];

/// The kinds a board (text or numbers) can be refused with.
const BOARD_KINDS: [&str; 7] = [
    "empty",
    "not-a-number",
    "out-of-range",
    "wrong-tile-count",
    "ragged-rows",
    "duplicate-tile",
    "missing-tile",
];

fn check_error(e: &Error, allowed: &[&str]) -> TestCaseResult {
    let kind = e.kind();
    let message = e.to_string();
    prop_assert!(
        allowed.contains(&kind),
        "kind {kind} not allowed here: {message}"
    );
    let (_, phrase) = KINDS
        .iter()
        .find(|(k, _)| *k == kind)
        .unwrap_or_else(|| panic!("kind {kind} is not in the documented set"));
    prop_assert!(!message.trim().is_empty(), "empty message for {e:?}");
    prop_assert!(
        message.contains(phrase),
        "{kind}: {message:?} lacks {phrase:?}"
    );
    Ok(())
}

// ------------------------------------------------------------------------------------------
// Board text and numbers.

/// A board's tiles are a permutation of 0..cells, and it prints and parses back to itself.
fn check_board(board: Board) -> TestCaseResult {
    let mut tiles = board.tiles().to_vec();
    tiles.sort_unstable();
    prop_assert_eq!(tiles, (0..board.cells() as u8).collect::<Vec<_>>());
    prop_assert_eq!(board.tiles()[board.blank()], 0);
    prop_assert_eq!(
        Board::parse(&board.to_string()),
        Ok(board),
        "grid {}",
        board
    );
    prop_assert_eq!(Board::parse(&board.to_line()), Ok(board));
    prop_assert_eq!(Board::from_tiles(board.tiles()), Ok(board));
    Ok(())
}

fn check_text(text: &str) -> TestCaseResult {
    match Board::parse(text) {
        Ok(board) => check_board(board),
        Err(e) => {
            check_error(&e, &BOARD_KINDS)?;
            if let Error::NotANumber { token } = &e {
                prop_assert!(
                    text.contains(token.as_str()),
                    "{token:?} is not in the text"
                );
            }
            Ok(())
        }
    }
}

/// Tokens people type, and some they should not.
const TOKENS: [&str; 24] = [
    "_",
    ".",
    "-0",
    "+3",
    "-1",
    "007",
    "99999999999999999999999",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775809",
    "x",
    "٣",
    "５",
    "½",
    "1e3",
    "0x1",
    "∞",
    "NaN",
    "1.5",
    "--1",
    "+",
    "-",
    "__",
    "é",
];

/// Separators, the documented ones and others (control characters, unicode spaces).
const SEPARATORS: [&str; 24] = [
    " ",
    " ",
    " ",
    ",",
    ", ",
    "/",
    " / ",
    ";",
    "\n",
    "\r\n",
    "\t",
    "[",
    "]",
    "(",
    ")",
    "  ",
    "\u{a0}",
    "\u{3000}",
    "\u{2028}",
    "\u{0}",
    "\u{1b}[2J",
    "\u{7f}",
    "\u{feff}",
    "\r",
];

fn token_soup() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        3 => (0u32..30).prop_map(|n| n.to_string()),
        1 => select(&TOKENS[..]).prop_map(str::to_string),
    ];
    proptest::collection::vec((token, select(&SEPARATORS[..])), 0..40).prop_map(|parts| {
        parts
            .into_iter()
            .flat_map(|(t, s)| [t, s.to_string()])
            .collect()
    })
}

/// A valid board, written in one of the documented ways: numbers separated by spaces, commas
/// or tabs, rows by `/`, `;` or newlines, the blank as `0`, `_` or `.`, brackets or not.
fn written_board() -> impl Strategy<Value = (Board, String)> {
    (
        3usize..=5,
        any::<u64>(),
        select(&[" ", ",", ", ", "  ", "\t", " ,"][..]),
        select(&[" / ", "/", ";", "; ", "\n", "\r\n", " ", ","][..]),
        select(&["0", "_", "."][..]),
        any::<bool>(),
    )
        .prop_map(|(width, seed, within, between, blank, brackets)| {
            let board = Board::random(width, Goal::BlankLast, seed).unwrap();
            let rows: Vec<String> = board
                .tiles()
                .chunks(width)
                .map(|row| {
                    let cells: Vec<String> = row
                        .iter()
                        .map(|&t| {
                            if t == 0 {
                                blank.to_string()
                            } else {
                                t.to_string()
                            }
                        })
                        .collect();
                    let row = cells.join(within);
                    if brackets {
                        format!("[{row}]")
                    } else {
                        row
                    }
                })
                .collect();
            (board, rows.join(between))
        })
}

#[test]
fn board_text_never_panics_and_parsed_boards_round_trip() {
    let text = prop_oneof![
        any::<String>(),
        "\\PC{0,80}",
        proptest::collection::vec(any::<u8>(), 0..120)
            .prop_map(|bytes| String::from_utf8_lossy(&bytes).into_owned()),
        proptest::collection::vec(
            prop_oneof![Just(b' '), Just(b'\n'), b'0'..=b'9', any::<u8>()],
            0..80
        )
        .prop_map(|bytes| String::from_utf8_lossy(&bytes).into_owned()),
        token_soup(),
    ];
    fuzz("board text", 3000, text, |text| check_text(&text));
}

#[test]
fn every_documented_way_of_writing_a_board_parses_to_it() {
    fuzz("written boards", 1000, written_board(), |(board, text)| {
        prop_assert_eq!(Board::parse(&text), Ok(board), "{:?}", text);
        check_board(board)
    });
}

fn numbers() -> impl Strategy<Value = Vec<i64>> {
    let permutation = (
        3usize..=5,
        any::<u64>(),
        0usize..4,
        any::<usize>(),
        any::<i64>(),
    )
        .prop_map(|(width, seed, edit, at, value)| {
            let mut numbers: Vec<i64> = Board::random(width, Goal::BlankLast, seed)
                .unwrap()
                .tiles()
                .iter()
                .map(|&t| i64::from(t))
                .collect();
            let at = at % numbers.len();
            match edit {
                0 => {}
                1 => {
                    numbers.remove(at);
                }
                2 => numbers[at] = value % 30,
                _ => numbers.push(value),
            }
            numbers
        });
    prop_oneof![
        proptest::collection::vec(any::<i64>(), 0..30),
        proptest::collection::vec(-3i64..30, 0..30),
        permutation,
    ]
}

#[test]
fn number_arrays_never_panic_and_agree_with_text() {
    fuzz("number arrays", 3000, numbers(), |numbers| {
        let result = Board::from_numbers(&numbers);
        match &result {
            Ok(board) => {
                let tiles: Vec<i64> = board.tiles().iter().map(|&t| i64::from(t)).collect();
                prop_assert_eq!(&tiles, &numbers);
                check_board(*board)?;
            }
            Err(e) => check_error(e, &BOARD_KINDS)?,
        }
        // The same numbers typed on one line give the same board or the same error.
        let line: Vec<String> = numbers.iter().map(i64::to_string).collect();
        if !numbers.is_empty() {
            prop_assert_eq!(Board::parse(&line.join(" ")), result);
        }
        Ok(())
    });
}

// ------------------------------------------------------------------------------------------
// Options.

fn name(
    valid: &'static [&'static str],
    near: &'static [&'static str],
) -> impl Strategy<Value = String> {
    prop_oneof![
        3 => select(valid).prop_map(str::to_string),
        1 => select(near).prop_map(str::to_string),
        1 => "\\PC{0,12}",
        1 => any::<String>(),
    ]
}

const HEURISTICS: [&str; 4] = ["hamming", "manhattan", "linear-conflict", "pdb"];
const GOALS: [&str; 2] = ["blank-last", "blank-first"];
const ALGORITHMS: [&str; 5] = ["ida", "bfs", "dfs", "greedy", "astar"];
const NEAR_MISSES: [&str; 14] = [
    "",
    " ",
    "Manhattan",
    "manhattan ",
    "linear_conflict",
    "linearconflict",
    "PDB",
    "A*",
    "ida*",
    "blank_last",
    "blankfirst",
    "pdb\u{0}",
    "ida\n",
    "\u{1b}[31mbfs",
];

/// Parses `text` as a `T` by name: a listed name gives the value named so, anything else its
/// specific error quoting the name as given.
fn check_name<T>(
    text: &str,
    valid: &[&str],
    kind: &str,
    name_of: impl Fn(&T) -> String,
) -> Result<Option<T>, TestCaseError>
where
    T: std::str::FromStr<Err = Error>,
{
    match text.parse::<T>() {
        Ok(value) => {
            prop_assert!(valid.contains(&text), "{text:?} was accepted");
            prop_assert_eq!(name_of(&value), text);
            Ok(Some(value))
        }
        Err(e) => {
            prop_assert!(!valid.contains(&text), "{text:?} was refused: {e}");
            check_error(&e, &[kind])?;
            // Quoted as typed, with control characters escaped (never raw on a terminal).
            let quoted = format!("\"{}\"", tilesearch::error::escape_controls(text));
            prop_assert!(e.to_string().contains(&quoted), "{e}");
            prop_assert!(!e.to_string().chars().any(char::is_control), "{e:?}");
            Ok(None)
        }
    }
}

fn max_reached() -> impl Strategy<Value = Option<u64>> {
    prop_oneof![
        Just(None),
        Just(Some(0)),
        (1u64..5000).prop_map(Some),
        any::<u64>().prop_map(Some),
        Just(Some(u64::MAX)),
    ]
}

#[test]
fn option_names_and_guards_are_checked_with_specific_errors() {
    let options = (
        name(&HEURISTICS, &NEAR_MISSES),
        name(&GOALS, &NEAR_MISSES),
        name(&ALGORITHMS, &NEAR_MISSES),
        max_reached(),
        3usize..=5,
        any::<u64>(),
        any::<bool>(),
    );
    fuzz(
        "options",
        2000,
        options,
        |(heuristic, goal, algorithm, max_reached, width, seed, swap)| {
            let kind = check_name(
                &heuristic,
                &HEURISTICS,
                "unknown-heuristic",
                |k: &HeuristicKind| k.name().into(),
            )?;
            let goal = check_name(&goal, &GOALS, "unknown-goal", |g: &Goal| g.name().into())?;
            let algorithm = check_name(
                &algorithm,
                &ALGORITHMS,
                "unknown-algorithm",
                |a: &Algorithm| a.name().into(),
            )?;
            let (Some(kind), Some(goal), Some(algorithm)) = (kind, goal, algorithm) else {
                return Ok(());
            };
            // A solvable board, or (swapping two tiles) an unsolvable one.
            let mut tiles = Board::random(width, goal, seed).unwrap().tiles().to_vec();
            if swap {
                let cells: Vec<usize> = (0..tiles.len())
                    .filter(|&c| tiles[c] != 0)
                    .take(2)
                    .collect();
                tiles.swap(cells[0], cells[1]);
            }
            let board = Board::from_tiles(&tiles).unwrap();
            // What must be refused, and what may be (an absurd guard may be bounded).
            let frontier = algorithm != Algorithm::Ida;
            let mut must = Vec::new();
            if swap {
                must.push("unsolvable");
            }
            if kind == HeuristicKind::Pdb {
                // tests/pdb.rs builds the databases; this binary never does.
                must.push(if width == 4 {
                    "pdb-missing"
                } else {
                    "pdb-width"
                });
            }
            if frontier && max_reached == Some(0) {
                must.push("invalid-option");
            }
            let mut may = must.clone();
            if frontier && max_reached.is_some_and(|m| m > 1 << 24) {
                may.push("invalid-option");
            }
            // No databases at hand: a pdb choice fails as a pdb search would.
            let search = HeuristicChoice::new(kind, board.width(), goal, None)
                .and_then(|heuristic| new_search(board, goal, heuristic, algorithm, max_reached));
            match search {
                Ok(mut search) => {
                    prop_assert!(must.is_empty(), "accepted; expected one of {must:?}");
                    let status = search.run(Some(300));
                    let report = search.report();
                    prop_assert!(report.nodes <= 300);
                    prop_assert_eq!(report.status, status);
                    prop_assert_eq!(search.algorithm(), algorithm);
                    prop_assert_eq!(search.heuristic(), kind);
                    prop_assert_eq!(search.goal(), goal);
                    prop_assert_eq!(search.start(), board);
                }
                Err(e) => {
                    prop_assert!(!may.is_empty(), "refused: {e}");
                    check_error(&e, &may)?;
                }
            }
            Ok(())
        },
    );
}

// ------------------------------------------------------------------------------------------
// Call sequences.

/// One call on a `Search`.
#[derive(Clone, Debug)]
enum Call {
    /// `step()` this many times.
    Step(u8),
    /// `run(budget)`.
    Run(Option<u64>),
    /// `run_traced(budget, sink)`, the sink asking to pause after this many events (never:
    /// `None`).
    Traced(Option<u64>, Option<usize>),
    /// `reset()`.
    Reset,
    /// `frontier(limit)`.
    Frontier(usize),
    /// `seek(position)`.
    Seek(u64),
}

fn budget(unbounded: bool) -> BoxedStrategy<Option<u64>> {
    let small = prop_oneof![
        3 => (0u64..4).prop_map(Some),
        3 => (0u64..300).prop_map(Some),
        1 => (0u64..3000).prop_map(Some),
    ];
    if unbounded {
        prop_oneof![1 => Just(None), 4 => small].boxed()
    } else {
        small.boxed()
    }
}

fn calls(unbounded: bool) -> impl Strategy<Value = Vec<Call>> {
    let call = prop_oneof![
        6 => (1u8..30).prop_map(Call::Step),
        4 => budget(unbounded).prop_map(Call::Run),
        4 => (budget(unbounded), prop_oneof![Just(None), (1usize..5).prop_map(Some), (1usize..400).prop_map(Some)])
            .prop_map(|(b, stop)| Call::Traced(b, stop)),
        1 => Just(Call::Reset),
        2 => (0usize..40).prop_map(Call::Frontier),
        2 => prop_oneof![3 => 0u64..3000, 1 => 0u64..100_000].prop_map(Call::Seek),
    ];
    proptest::collection::vec(call, 1..40)
}

/// A search to fuzz: its board, goal, heuristic, algorithm and memory guard.
#[derive(Clone, Debug)]
struct Setup {
    board: Board,
    goal: Goal,
    kind: HeuristicKind,
    algorithm: Algorithm,
    max_reached: Option<u64>,
}

impl Setup {
    /// The heuristic, ready to search with (never pdb: see the module docs).
    fn heuristic(&self) -> HeuristicChoice {
        HeuristicChoice::new(self.kind, self.board.width(), self.goal, None).unwrap()
    }

    fn search(&self) -> Box<dyn Search> {
        new_search(
            self.board,
            self.goal,
            self.heuristic(),
            self.algorithm,
            self.max_reached,
        )
        .unwrap()
    }
}

/// A board `moves` random blank moves from the goal (`seed` chooses them).
fn scrambled(width: usize, goal: Goal, moves: usize, seed: u64) -> Board {
    let mut rng = common::Rng(seed | 1);
    rng.scramble(width, goal, moves)
}

fn setup(width: usize, moves: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = Setup> {
    (
        moves,
        any::<u64>(),
        select(&Goal::ALL[..]),
        select(&HeuristicKind::ALL[..]),
        select(&Algorithm::ALL[..]),
        prop_oneof![1 => Just(None), 4 => (1u64..4000).prop_map(Some)],
        any::<bool>(),
    )
        .prop_map(
            move |(moves, seed, goal, kind, algorithm, max_reached, random)| Setup {
                // Mostly short scrambles (their whole trace is checked); sometimes a uniformly
                // random 8-puzzle board with a heuristic that solves it quickly.
                board: if random && width == 3 && kind != HeuristicKind::Hamming {
                    Board::random(width, goal, seed).unwrap()
                } else {
                    scrambled(width, goal, moves, seed)
                },
                goal,
                kind,
                algorithm,
                max_reached,
            },
        )
}

/// The events of one clean stepping run from a fresh search, produced as far as they are
/// needed.
struct Stream {
    search: Box<dyn Search>,
    events: Vec<Event>,
    finished: bool,
}

/// Whether an event stands for a node id handed out: a node, a prune, a generated or skipped
/// child, and the child a frontier search gives up on (it has an id but no event of its own).
fn takes_id(e: &Event) -> bool {
    matches!(
        e,
        Event::Node(NodeInfo { .. })
            | Event::Prune(PruneEvent { .. })
            | Event::Generate(GenerateEvent { .. })
            | Event::Skip(SkipEvent { .. })
            | Event::GaveUp(GaveUpEvent { .. })
    )
}

impl Stream {
    fn new(setup: &Setup) -> Stream {
        Stream {
            search: setup.search(),
            events: Vec::new(),
            finished: false,
        }
    }

    fn get(&mut self, i: usize) -> Option<&Event> {
        while self.events.len() <= i && !self.finished {
            match self.search.step() {
                Some(e) => self.events.push(e),
                None => self.finished = true,
            }
        }
        self.events.get(i)
    }

    fn end(&mut self) -> usize {
        while self.get(self.events.len()).is_some() {}
        self.events.len()
    }

    /// Where a run from position `from` with a node budget stops: before the event of the
    /// `budget`-th node it would create, or at the end.
    fn stop(&mut self, from: usize, budget: Option<u64>) -> usize {
        let Some(budget) = budget else {
            return self.end();
        };
        let mut left = budget;
        let mut i = from;
        while let Some(e) = self.get(i) {
            if takes_id(e) {
                if left == 0 {
                    return i;
                }
                left -= 1;
            }
            i += 1;
        }
        i
    }

    /// The status at position `pos`.
    fn status(&mut self, pos: usize) -> Status {
        if self.get(pos).is_some() {
            return Status::Running;
        }
        match self.events.last() {
            Some(Event::Solved(SolvedEvent { .. })) => Status::Solved,
            Some(Event::GaveUp(GaveUpEvent { .. })) => Status::GaveUp,
            _ => Status::Exhausted,
        }
    }
}

/// A second clean search, stepped to the fuzzed search's position to compare what it shows.
struct Mirror {
    search: Box<dyn Search>,
    pos: usize,
}

impl Mirror {
    fn at(&mut self, setup: &Setup, pos: usize) -> &dyn Search {
        if pos < self.pos {
            self.search = setup.search();
            self.pos = 0;
        }
        while self.pos < pos {
            self.search.step();
            self.pos += 1;
        }
        self.search.as_ref()
    }
}

/// The counters `events` (a prefix of a stream) imply.
fn derived(events: &[Event], algorithm: Algorithm) -> Report {
    let count = |f: &dyn Fn(&Event) -> bool| events.iter().filter(|e| f(e)).count() as u64;
    let nodes = count(&takes_id);
    let solution = events.iter().find_map(|e| match e {
        Event::Solved(SolvedEvent { moves, .. }) => Some(moves.clone()),
        _ => None,
    });
    let status = match events.last() {
        Some(Event::Solved(SolvedEvent { .. })) => Status::Solved,
        Some(Event::GaveUp(GaveUpEvent { .. })) => Status::GaveUp,
        _ => Status::Running,
    };
    let mut report = Report {
        status,
        length: solution.as_ref().map(|m| m.len() as u32),
        moves: solution,
        expanded: 0,
        generated: 0,
        nodes,
        progress: Progress::Ida(IdaProgress::default()),
    };
    if algorithm == Algorithm::Ida {
        let visited = count(&|e| matches!(e, Event::Node(NodeInfo { .. })));
        let roots = count(&|e| matches!(e, Event::Node(NodeInfo { parent: None, .. })));
        // A visited node counts as expanded once its goal test failed: not the goal, and not
        // the node just visited.
        let untested = u64::from(matches!(events.last(), Some(Event::Node(NodeInfo { .. }))));
        let solved = u64::from(report.moves.is_some());
        report.expanded = visited - untested - solved;
        report.generated = nodes - roots;
        let mut ida = IdaProgress::default();
        for e in events {
            match e {
                Event::Iteration(IterationEvent {
                    iteration,
                    threshold,
                }) => {
                    ida.iteration = *iteration;
                    ida.threshold = *threshold;
                    ida.iterations.push(tilesearch::search::IterationSummary {
                        iteration: *iteration,
                        threshold: *threshold,
                        visited: 0,
                        pruned: 0,
                        next_threshold: None,
                    });
                }
                Event::Node(NodeInfo { .. }) => ida.iterations.last_mut().unwrap().visited += 1,
                Event::Prune(PruneEvent { .. }) => ida.iterations.last_mut().unwrap().pruned += 1,
                Event::Raise(RaiseEvent { to, .. }) => {
                    ida.iterations.last_mut().unwrap().next_threshold = Some(*to);
                    ida.threshold = *to;
                }
                _ => {}
            }
        }
        report.progress = Progress::Ida(ida);
    } else {
        report.expanded = count(&|e| matches!(e, Event::Expand(ExpandEvent { .. })));
        report.generated = count(&|e| {
            matches!(
                e,
                Event::Generate(GenerateEvent {
                    node: NodeInfo {
                        parent: Some(_),
                        ..
                    },
                    ..
                }) | Event::Skip(SkipEvent { .. })
                    | Event::GaveUp(GaveUpEvent { .. })
            )
        });
        let largest = events.iter().filter_map(|e| match e {
            Event::Generate(GenerateEvent { frontier, .. }) => Some(*frontier),
            _ => None,
        });
        // Every generated node is a state reached for the first time, except A*'s cheaper
        // paths to states reached already (the caller takes A*'s from the search).
        let reached = if algorithm == Algorithm::Astar {
            0
        } else {
            count(&|e| matches!(e, Event::Generate(GenerateEvent { .. })))
        };
        report.progress = Progress::Frontier(FrontierProgress {
            max_frontier: largest.max().unwrap_or(0),
            reached,
        });
    }
    report
}

/// What must hold after every call: the fuzzed search shows what a clean search stepped to the
/// same position shows, and its counters are the ones its events imply.
fn check_position(
    setup: &Setup,
    search: &dyn Search,
    stream: &mut Stream,
    mirror: &mut Mirror,
    pos: usize,
    budget_stop: bool,
) -> TestCaseResult {
    let report = search.report();
    let clean = mirror.at(setup, pos);
    // A run that stops at its node budget has already goal-tested the node it visited last:
    // IDA* counts that node as expanded, where a search paused right after the node's event
    // has not tested it yet. The events and everything else are the same.
    let tested = budget_stop
        && setup.algorithm == Algorithm::Ida
        && pos > 0
        && matches!(stream.events[pos - 1], Event::Node(NodeInfo { .. }));
    let mut clean_report = clean.report();
    clean_report.expanded += u64::from(tested);
    prop_assert_eq!(&report, &clean_report, "report at event {}", pos);
    prop_assert_eq!(search.status(), stream.status(pos));
    prop_assert_eq!(report.status, search.status());
    prop_assert_eq!(search.board(), clean.board());
    prop_assert_eq!(search.path(), clean.path());
    prop_assert_eq!(setup.board.after(&search.path()), Ok(search.board()));
    prop_assert_eq!(search.frontier_size(), clean.frontier_size());
    let mut expected = derived(&stream.events[..pos], setup.algorithm);
    expected.expanded += u64::from(tested);
    match (&mut expected.progress, &report.progress) {
        // Before the first iteration the threshold is h(start), which the events do not say.
        (Progress::Ida(expected), Progress::Ida(ida)) if expected.iteration == 0 => {
            expected.threshold = ida.threshold;
        }
        (Progress::Frontier(expected), Progress::Frontier(frontier))
            if setup.algorithm == Algorithm::Astar =>
        {
            expected.reached = frontier.reached;
        }
        _ => {}
    }
    if setup.algorithm != Algorithm::Ida {
        // Exhausted has no event of its own (a solvable board never exhausts).
        if report.status == Status::Exhausted {
            expected.status = Status::Exhausted;
        }
    }
    prop_assert_eq!(
        &report,
        &expected,
        "counters at event {} do not match the events",
        pos
    );
    Ok(())
}

/// Runs `calls` on a fresh search for `setup`, checking each call's events against the clean
/// stepping stream and every position's state against a clean search stepped there.
fn check_calls(setup: &Setup, calls: &[Call], finish: bool) -> TestCaseResult {
    let mut search = setup.search();
    let mut stream = Stream::new(setup);
    let mut mirror = Mirror {
        search: setup.search(),
        pos: 0,
    };
    let mut pos = 0usize;
    // Whether the search stands where a node budget stopped it (see `check_position`).
    let mut budget_stop = false;
    for call in calls {
        match call {
            Call::Step(n) => {
                for _ in 0..*n {
                    let event = search.step();
                    prop_assert_eq!(event.as_ref(), stream.get(pos), "step at event {}", pos);
                    if event.is_some() {
                        pos += 1;
                        budget_stop = false;
                    }
                }
            }
            Call::Run(budget) => {
                let status = search.run(*budget);
                let end = stream.stop(pos, *budget);
                // A zero budget too: the search goes as far as it can without a new node.
                budget_stop = budget.is_some();
                pos = end;
                prop_assert_eq!(status, stream.status(pos), "run({:?})", budget);
            }
            Call::Traced(budget, stop) => {
                let mut got = Vec::new();
                let status = search.run_traced(*budget, &mut |e| {
                    got.push(e);
                    stop.is_some_and(|s| got.len() >= s)
                });
                let by_budget = stream.stop(pos, *budget);
                let end = stop.map_or(by_budget, |s| by_budget.min(pos + s));
                // Paused by the sink right after an event, as stepping pauses; otherwise stopped
                // by the budget (or at the end).
                let paused = *stop == Some(end - pos);
                budget_stop = !paused && budget.is_some();
                prop_assert_eq!(
                    &got[..],
                    &stream.events[pos..end],
                    "run_traced({:?}) from event {}",
                    budget,
                    pos
                );
                pos = end;
                prop_assert_eq!(status, stream.status(pos));
            }
            Call::Reset => {
                search.reset();
                pos = 0;
                budget_stop = false;
            }
            Call::Seek(target) => {
                let reached = search.seek(*target);
                // Where stepping from the start would stand: the target, or the end before it.
                let end = match usize::try_from(*target) {
                    Ok(0) => 0,
                    Ok(t) if stream.get(t - 1).is_some() => t,
                    _ => stream.end(),
                };
                prop_assert_eq!(reached, end as u64, "seek({}) from event {}", target, pos);
                pos = end;
                budget_stop = false;
            }
            Call::Frontier(limit) => {
                let listed = search.frontier(*limit);
                prop_assert!(listed.len() <= *limit);
                prop_assert!(listed.len() as u64 <= search.frontier_size());
                if setup.algorithm == Algorithm::Ida {
                    prop_assert!(listed.is_empty());
                }
                for entry in &listed {
                    prop_assert_eq!(entry.f, entry.g + entry.h);
                }
                prop_assert_eq!(listed, mirror.at(setup, pos).frontier(*limit));
            }
        }
        check_position(
            setup,
            search.as_ref(),
            &mut stream,
            &mut mirror,
            pos,
            budget_stop,
        )?;
    }
    if !finish {
        return Ok(());
    }
    // To the end: then nothing more happens, whatever is called.
    let status = search.run(None);
    pos = stream.end();
    prop_assert_eq!(status, stream.status(pos));
    prop_assert_ne!(status, Status::Running);
    check_position(
        setup,
        search.as_ref(),
        &mut stream,
        &mut mirror,
        pos,
        budget_stop,
    )?;
    let report = search.report();
    prop_assert_eq!(search.step(), None);
    prop_assert_eq!(search.run(None), status);
    prop_assert_eq!(search.run(Some(5)), status);
    let mut late = Vec::new();
    prop_assert_eq!(
        search.run_traced(None, &mut |e| {
            late.push(e);
            true
        }),
        status
    );
    prop_assert!(late.is_empty(), "events after the end: {:?}", late);
    prop_assert_eq!(search.report(), report);
    // The whole stream follows the rules (the IDA* validator of tests/common).
    if setup.algorithm == Algorithm::Ida {
        let summary = check_ida_trace(setup.board, setup.goal, &setup.heuristic(), &stream.events);
        assert_report_matches(&search.report(), &summary);
    }
    Ok(())
}

#[test]
fn call_sequences_on_8_puzzles_yield_the_stepping_stream() {
    fuzz(
        "8-puzzle call sequences",
        150,
        (setup(3, 0..=28), calls(true)),
        |(setup, calls)| check_calls(&setup, &calls, true),
    );
}

#[test]
fn call_sequences_on_15_and_24_puzzles_with_budgets_yield_the_stepping_stream() {
    let setup = (
        prop_oneof![3 => Just(4usize), 1 => Just(5usize)],
        0usize..=80,
    )
        .prop_flat_map(|(width, moves)| setup(width, moves..=moves));
    fuzz(
        "15/24-puzzle call sequences",
        150,
        (setup, calls(false)),
        |(setup, calls)| check_calls(&setup, &calls, false),
    );
}

/// Boards reached by play (random blank moves, off-board ones refused and harmless): each
/// slide undoes by sliding the same tile back, and every board on the way prints and parses
/// back to itself and stays solvable.
#[test]
fn boards_reached_by_sliding_print_and_parse_back() {
    let walk = (
        3usize..=5,
        select(&Goal::ALL[..]),
        proptest::collection::vec(0usize..4, 0..200),
    );
    fuzz("slides", 200, walk, |(width, goal, moves)| {
        let mut board = goal.board(width).unwrap();
        for m in moves {
            let before = board;
            if let Some(tile) = board.move_blank(Direction::ORDER[m]) {
                let mut back = before;
                prop_assert!(back.slide(tile).is_ok());
                prop_assert_eq!(back, board);
            } else {
                prop_assert_eq!(board, before);
            }
            check_board(board)?;
        }
        prop_assert!(board.check_solvable(goal).is_ok());
        Ok(())
    });
}
