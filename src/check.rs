//! Checks a student's own IDA* against the core, event by event.
//!
//! The student's program prints one JSON object per line (JSON Lines), the fields of
//! `tilesearch trace`, most of them optional:
//!
//! ```text
//! {"type":"iteration","threshold":T}
//! {"type":"node","g":G,"h":H,"f":F,"tile":t|null}     a visited node (tile null at the root)
//! {"type":"prune","g":G,"h":H,"f":F,"tile":t}         a generated child with f > threshold
//! {"type":"raise","from":T,"to":T2}
//! {"type":"solved","length":N,"moves":[…]}
//! ```
//!
//! `id`, `parent`, `iteration`, `threshold` on prunes, `blank` and `backtrack` events are
//! accepted and never required: a child's parent is the last open node one level up (its g
//! says which), as in any depth-first trace. Lines that do not start with `{` (the program's
//! other output) are skipped.
//!
//! Any fixed order of the four blank moves is correct IDA*. Unless told the order, the checker
//! keeps every order the trace so far agrees with and follows the first of them (the lecture's
//! left, right, up, down first); when the student's next child fits another of them, it
//! continues in that one from the same position. The first event that no correct search could
//! produce is the divergence: located by its line and named by a [`Divergence`], with a sentence
//! that points to the likely mistake.
//!
//! Memory stays bounded (the current path and one search), whatever the trace's length.

use crate::board::{Board, Direction, Goal, MoveOrder};
use crate::error::{quote, thousands, Error};
use crate::heuristic::{HeuristicChoice, HeuristicKind, Manhattan};
use crate::input::{self, Line, LineReader, TRACE_LINE_MAX};
use crate::search::{ida_star_in_order, Search};
use crate::trace::{Event, NodeInfo, PruneEvent, RaiseEvent, SolvedEvent};
use serde::Serialize;
use std::collections::VecDeque;
use std::io::{self as io, Read};

mod line;
pub use line::{parse_line, MAX_DEPTH, MAX_WHOLE};

/// What kind of mistake the first divergence is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "kebab-case")]
pub enum Divergence {
    /// The first threshold is not h(start).
    FirstThreshold,
    /// h is not the heuristic's value for the node's board.
    WrongH,
    /// g is not the parent's g + 1.
    WrongG,
    /// f is not g + h.
    WrongF,
    /// The tile is not next to the blank (a move not undone?).
    IllegalMove,
    /// A child undoes the move into its parent.
    ReverseMove,
    /// A child with f > threshold was visited.
    NotPruned,
    /// A child with f ≤ threshold was pruned.
    WronglyPruned,
    /// An event IDA* makes here is missing (a child, a raise, an iteration).
    MissingEvent,
    /// An event IDA* does not make here (an extra or repeated child, one out of the move
    /// order, a line that is not an event).
    UnexpectedEvent,
    /// The threshold did not rise to the smallest pruned f.
    WrongRaise,
    /// The goal was visited and the search went on.
    MissedGoal,
    /// The solution reported is not the one found.
    WrongSolution,
    /// The trace ends before the search does.
    Truncated,
}

impl Divergence {
    /// The kind's name, as in the JSON output.
    pub fn name(self) -> &'static str {
        match self {
            Divergence::FirstThreshold => "first-threshold",
            Divergence::WrongH => "wrong-h",
            Divergence::WrongG => "wrong-g",
            Divergence::WrongF => "wrong-f",
            Divergence::IllegalMove => "illegal-move",
            Divergence::ReverseMove => "reverse-move",
            Divergence::NotPruned => "not-pruned",
            Divergence::WronglyPruned => "wrongly-pruned",
            Divergence::MissingEvent => "missing-event",
            Divergence::UnexpectedEvent => "unexpected-event",
            Divergence::WrongRaise => "wrong-raise",
            Divergence::MissedGoal => "missed-goal",
            Divergence::WrongSolution => "wrong-solution",
            Divergence::Truncated => "truncated",
        }
    }
}

/// What a correct trace amounted to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct CheckSummary {
    /// IDA* iterations.
    pub iterations: u32,
    /// Nodes visited (`node` events).
    pub visited: u64,
    /// Children pruned (`prune` events).
    pub pruned: u64,
    /// The solution's length.
    pub length: u32,
    /// The tiles slid, in order.
    pub moves: Vec<u8>,
    /// The move order the trace follows (given, or inferred from the trace).
    pub order: String,
}

/// The checker's answer: `ok`, or the first divergence.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(
    target_arch = "wasm32",
    derive(tsify::Tsify),
    tsify(rename = "CheckVerdict", missing_as_null)
)]
pub struct Verdict {
    /// Whether the trace is correct IDA*, to the end.
    pub ok: bool,
    /// The 1-based line of the student's event that diverges (`None` when correct, or for a
    /// trace that ends too early and has no line at all).
    pub line: Option<u64>,
    /// What kind of mistake it is.
    pub kind: Option<Divergence>,
    /// A sentence for the student.
    pub message: String,
    /// The event IDA* makes there (as `tilesearch trace` prints it).
    #[cfg_attr(target_arch = "wasm32", tsify(type = "TraceEvent | null"))]
    pub expected: Option<Event>,
    /// The student's event, as read (the fields the check reads); `None` for a line that is
    /// not a JSON object.
    pub got: Option<TraceLine>,
    /// The number of the search's events before the expected one (backtracks included), in
    /// the order of [`Verdict::order`]: a view seeks there to show the divergence.
    pub position: u64,
    /// The move order followed (given, or the one the trace agrees with).
    pub order: String,
    /// What a correct trace amounted to.
    pub summary: Option<CheckSummary>,
    /// The diverging line as written (its first [`TEXT_CHARS`] characters): all there is to
    /// show of a line that is not an event.
    pub text: Option<String>,
    /// The last lines that matched (up to [`CONTEXT_LINES`], oldest first), each with the
    /// search's event: what a view shows beside the divergence.
    pub context: Vec<CheckedLine>,
}

/// Why [`Checker::check_input`] has no verdict.
#[derive(Debug)]
pub enum CheckInputError {
    /// Reading the input failed.
    Unreadable(io::Error),
    /// The input held no byte at all.
    Empty,
}

impl std::fmt::Display for CheckInputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CheckInputError::Unreadable(e) => write!(f, "cannot read the trace: {e}"),
            CheckInputError::Empty => write!(
                f,
                "the trace is empty: nothing was read (was the program's output saved, or the input closed?)"
            ),
        }
    }
}

/// A line of the trace that matched the search's event.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct CheckedLine {
    /// The line's 1-based number.
    pub line: u64,
    /// The event read from it.
    pub got: TraceLine,
    /// The search's event it matched.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "TraceEvent"))]
    pub expected: Event,
}

/// How many matched lines a verdict keeps.
pub const CONTEXT_LINES: usize = 3;

/// How much of a diverging line a verdict quotes.
pub const TEXT_CHARS: usize = 200;

/// One line of a student's trace, read from its JSON object by [`parse_line`]: the fields the
/// check reads (any others are ignored).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(
    target_arch = "wasm32",
    derive(tsify::Tsify),
    tsify(rename = "TraceLine")
)]
pub struct TraceLine {
    /// The event's type.
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// g.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub g: Option<i64>,
    /// h.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub h: Option<i64>,
    /// f.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub f: Option<i64>,
    /// The tile slid: `Some(None)` for null (the root), `None` when absent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tile: Option<Option<i64>>,
    /// An iteration's threshold.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub threshold: Option<i64>,
    /// A raise's old threshold.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<i64>,
    /// A raise's new threshold.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<i64>,
    /// A solution's length.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub length: Option<i64>,
    /// A solution's tiles.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<i64>>,
}

/// A student's event, read.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Got {
    Iteration {
        threshold: i64,
    },
    Node(Child),
    Prune(Child),
    Raise {
        from: Option<i64>,
        to: i64,
    },
    Solved {
        length: i64,
        moves: Option<Vec<i64>>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Child {
    g: i64,
    h: i64,
    f: i64,
    /// `None` at the root.
    tile: Option<i64>,
}

/// One open node on the path: visited, its children being generated.
#[derive(Clone, Copy, Debug)]
struct Open {
    board: Board,
    /// The tile slid into it (`None` at the root).
    tile: Option<u8>,
    /// The directions of the children generated so far, as bits of `Direction::index`.
    generated: u8,
    /// The line of its `node` event.
    line: u64,
    /// The board of its last child so far (visited or pruned).
    last_child: Option<Board>,
}

/// Checks a trace fed line by line: [`Checker::feed`] each line, then [`Checker::finish`].
pub struct Checker {
    start: Board,
    goal: Goal,
    heuristic: HeuristicChoice,
    orders: Vec<MoveOrder>,
    /// The orders the trace agrees with so far, as bits of `orders`.
    candidates: u32,
    /// The one followed (an index in `orders`, a bit of `candidates`).
    current: usize,
    search: Box<dyn Search>,
    /// The search's events yielded before `expected` (backtracks included).
    position: u64,
    /// Position after the last event matched: where another order resumes.
    matched: u64,
    /// The search's next event other than a backtrack (`None`: it has finished).
    expected: Option<Event>,
    path: Vec<Open>,
    threshold: u32,
    lines: u64,
    summary: CheckSummary,
    verdict: Option<Verdict>,
    /// The event the last `accept` matched.
    accepted: Option<Event>,
    /// The last lines that matched.
    recent: VecDeque<CheckedLine>,
}

impl Checker {
    /// A checker of a trace of IDA* from `start` towards `goal` with `heuristic`, in `order`
    /// (`None`: inferred from the trace). Fails like the search does (an unsolvable board).
    pub fn new(
        start: Board,
        goal: Goal,
        heuristic: HeuristicChoice,
        order: Option<MoveOrder>,
    ) -> Result<Checker, Error> {
        // While the trace fits several orders the first is followed: the lecture's, then the
        // teaching text's solvers' (up, down, left, right), then the rest.
        let mut orders = MoveOrder::all();
        if let Some(at) = orders.iter().position(|o| o.name() == "udlr") {
            let udlr = orders.remove(at);
            orders.insert(1, udlr);
        }
        let mut candidates = (1u32 << orders.len()) - 1;
        if let Some(order) = order {
            orders = vec![order];
            candidates = 1;
        }
        let search = ida_star_in_order(start, goal, heuristic.clone(), orders[0])?;
        let mut checker = Checker {
            start,
            goal,
            heuristic,
            orders,
            candidates,
            current: 0,
            search,
            position: 0,
            matched: 0,
            expected: None,
            path: Vec::new(),
            threshold: 0,
            lines: 0,
            summary: CheckSummary {
                iterations: 0,
                visited: 0,
                pruned: 0,
                length: 0,
                moves: Vec::new(),
                order: String::new(),
            },
            verdict: None,
            accepted: None,
            recent: VecDeque::with_capacity(CONTEXT_LINES + 1),
        };
        checker.pull();
        Ok(checker)
    }

    /// Checks the next line; returns the verdict once the trace has diverged (later lines are
    /// then ignored). Lines that do not start with `{` are skipped unread.
    pub fn feed(&mut self, text: &str) -> Option<&Verdict> {
        if self.verdict.is_some() {
            return self.verdict.as_ref();
        }
        self.lines += 1;
        let text = text.trim();
        if !text.starts_with('{') {
            return None;
        }
        let line = match parse_line(text) {
            Ok(line) => line,
            Err(message) => {
                self.diverge(Divergence::UnexpectedEvent, message, false, None, text);
                return self.verdict.as_ref();
            }
        };
        let got = match read(&line) {
            Ok(Some(got)) => got,
            Ok(None) => return None,
            Err(message) => {
                self.diverge(
                    Divergence::UnexpectedEvent,
                    message,
                    false,
                    Some(line),
                    text,
                );
                return self.verdict.as_ref();
            }
        };
        match self.check(got) {
            Err((kind, message, show_expected)) => {
                self.diverge(kind, message, show_expected, Some(line), text);
            }
            Ok(()) => {
                if let Some(expected) = self.accepted.take() {
                    if self.recent.len() == CONTEXT_LINES {
                        self.recent.pop_front();
                    }
                    self.recent.push_back(CheckedLine {
                        line: self.lines,
                        got: line,
                        expected,
                    });
                }
            }
        }
        self.verdict.as_ref()
    }

    /// The verdict once every line was fed.
    pub fn finish(mut self) -> Verdict {
        if let Some(verdict) = self.verdict.take() {
            return verdict;
        }
        match &self.expected {
            None => Verdict {
                ok: true,
                line: None,
                kind: None,
                message: self.success(),
                expected: None,
                got: None,
                position: self.position,
                order: self.order().name(),
                summary: Some(CheckSummary {
                    order: self.order().name(),
                    ..self.summary.clone()
                }),
                text: None,
                context: self.recent.drain(..).collect(),
            },
            Some(event) => {
                let message = format!(
                    "the trace ends after {} line{} but the search goes on: next comes {}",
                    self.lines,
                    if self.lines == 1 { "" } else { "s" },
                    describe(event)
                );
                Verdict {
                    ok: false,
                    line: None,
                    kind: Some(Divergence::Truncated),
                    message,
                    expected: Some(event.clone()),
                    got: None,
                    position: self.position,
                    order: self.order().name(),
                    summary: None,
                    text: None,
                    context: self.recent.drain(..).collect(),
                }
            }
        }
    }

    /// A line over [`TRACE_LINE_MAX`] bytes: no event is that long, and it is not kept.
    pub fn feed_too_long(&mut self) -> Option<&Verdict> {
        if self.verdict.is_none() {
            self.lines += 1;
            let message = format!(
                "this line is longer than the {} bytes an event may have: a trace has one \
                 short JSON object per line",
                thousands(TRACE_LINE_MAX as u64)
            );
            self.diverge(Divergence::UnexpectedEvent, message, false, None, "");
        }
        self.verdict.as_ref()
    }

    /// Checks a whole trace read from `input`, line by line with bounded memory (see
    /// [`crate::input`]: UTF-8, a byte-order mark skipped, or UTF-16): what the CLI and the
    /// browser both run on a trace's bytes. Fails only when `input` cannot be read, or when it
    /// is empty (no byte at all: nothing was written, or the input was closed).
    pub fn check_input(mut self, input: impl Read) -> Result<Verdict, CheckInputError> {
        let mut reader = LineReader::new(input, TRACE_LINE_MAX);
        while let Some((_, line)) = reader.next_line().map_err(CheckInputError::Unreadable)? {
            let verdict = match line {
                Line::Text(bytes) => self.feed(&input::text(bytes)),
                Line::TooLong => self.feed_too_long(),
            };
            if verdict.is_some() {
                break;
            }
        }
        if reader.bytes_read() == 0 {
            return Err(CheckInputError::Empty);
        }
        Ok(self.finish())
    }

    /// Checks a whole trace.
    pub fn check_text(
        start: Board,
        goal: Goal,
        heuristic: HeuristicChoice,
        order: Option<MoveOrder>,
        text: &str,
    ) -> Result<Verdict, Error> {
        let checker = Checker::new(start, goal, heuristic, order)?;
        match checker.check_input(text.as_bytes()) {
            Ok(verdict) => Ok(verdict),
            Err(error) => Err(Error::InvalidOption(error.to_string())),
        }
    }

    fn order(&self) -> MoveOrder {
        self.orders[self.current]
    }

    fn success(&self) -> String {
        let s = &self.summary;
        format!(
            "correct IDA*: {} iteration{}, {} nodes visited and {} pruned, the optimal solution \
             of {} moves ({}), in the move order {} ({})",
            s.iterations,
            if s.iterations == 1 { "" } else { "s" },
            s.visited,
            s.pruned,
            s.length,
            join(&s.moves),
            self.order().name(),
            order_words(self.order()),
        )
    }

    /// The search's next event other than a backtrack.
    fn pull(&mut self) {
        self.expected = loop {
            match self.search.step() {
                Some(Event::Backtrack(_)) => self.position += 1,
                other => break other,
            }
        };
    }

    /// The event expected was matched.
    fn accept(&mut self) {
        self.accepted = self.expected.take();
        self.position += 1;
        self.matched = self.position;
        self.pull();
    }

    fn diverge(
        &mut self,
        kind: Divergence,
        message: String,
        show_expected: bool,
        got: Option<TraceLine>,
        text: &str,
    ) {
        let expected = if show_expected {
            self.expected.clone()
        } else {
            None
        };
        self.verdict = Some(Verdict {
            ok: false,
            line: Some(self.lines),
            kind: Some(kind),
            message,
            expected,
            got,
            position: self.position,
            order: self.order().name(),
            summary: None,
            text: Some(text.chars().take(TEXT_CHARS).collect()),
            context: self.recent.drain(..).collect(),
        });
    }

    /// Compares one event with the search's.
    fn check(&mut self, got: Got) -> Result<(), (Divergence, String, bool)> {
        let Some(expected) = self.expected.clone() else {
            return Err(self.ended());
        };
        if let Event::Solved(solved) = &expected {
            return self.solved(got, solved);
        }
        match got {
            Got::Iteration { threshold } => self.iteration(threshold, &expected),
            Got::Raise { from, to } => self.raise(from, to, &expected),
            Got::Solved { .. } => Err((
                Divergence::WrongSolution,
                format!(
                    "the search has not reached the goal: the last node visited (line {}) is \
                     not the goal, and next comes {}",
                    self.path.last().map_or(0, |o| o.line),
                    describe(&expected)
                ),
                true,
            )),
            Got::Node(child) | Got::Prune(child) => {
                let visited = matches!(got, Got::Node(_));
                match child.tile {
                    None => self.root(child, visited, &expected),
                    Some(tile) => self.child(child, tile, visited, &expected),
                }
            }
        }
    }

    /// A line after the search ended.
    fn ended(&self) -> (Divergence, String, bool) {
        (
            Divergence::UnexpectedEvent,
            format!(
                "the search ended with the solution ({} moves) before this line",
                self.summary.length
            ),
            false,
        )
    }

    fn iteration(
        &mut self,
        threshold: i64,
        expected: &Event,
    ) -> Result<(), (Divergence, String, bool)> {
        match expected {
            Event::Iteration(e) if i64::from(e.threshold) == threshold => {
                self.threshold = e.threshold;
                self.summary.iterations = e.iteration;
                self.accept();
                Ok(())
            }
            Event::Iteration(e) if e.iteration == 1 => Err((
                Divergence::FirstThreshold,
                self.first_threshold(threshold, e.threshold),
                true,
            )),
            Event::Iteration(e) => Err((
                Divergence::WrongRaise,
                format!(
                    "iteration {} should have threshold {}, the smallest f pruned in iteration \
                     {}, not {threshold}",
                    e.iteration,
                    e.threshold,
                    e.iteration - 1
                ),
                true,
            )),
            // The raise left out: the iteration's threshold says where it rose to.
            Event::Raise(raise) => {
                if i64::from(raise.to) != threshold {
                    return Err(self.wrong_raise(raise, threshold));
                }
                self.accept();
                let Some(expected) = self.expected.clone() else {
                    return Err(self.ended());
                };
                self.iteration(threshold, &expected)
            }
            _ => Err(self.early_end(expected, "a new iteration")),
        }
    }

    fn raise(
        &mut self,
        from: Option<i64>,
        to: i64,
        expected: &Event,
    ) -> Result<(), (Divergence, String, bool)> {
        match expected {
            Event::Raise(raise) => {
                if i64::from(raise.to) != to {
                    return Err(self.wrong_raise(raise, to));
                }
                if from.is_some_and(|from| from != i64::from(raise.from)) {
                    return Err((
                        Divergence::WrongRaise,
                        format!(
                            "the raise starts from the threshold of this iteration, {}, not {}",
                            raise.from,
                            from.unwrap_or_default()
                        ),
                        true,
                    ));
                }
                self.accept();
                Ok(())
            }
            _ => Err(self.early_end(expected, "the end of the iteration")),
        }
    }

    fn wrong_raise(&self, raise: &RaiseEvent, to: i64) -> (Divergence, String, bool) {
        let hint = if to == i64::from(raise.from) {
            ": the threshold did not move, as when boundedDFS returns the bound instead of \
             the f that exceeded it"
        } else if to < i64::from(raise.from) {
            ": a threshold never falls"
        } else {
            ""
        };
        (
            Divergence::WrongRaise,
            format!(
                "the threshold rises from {} to {}, the smallest f pruned in this iteration, \
                 not to {to}{hint}",
                raise.from, raise.to
            ),
            true,
        )
    }

    /// The student ended (the iteration or the search) while IDA* still has `expected`.
    fn early_end(&self, expected: &Event, what: &str) -> (Divergence, String, bool) {
        (
            Divergence::MissingEvent,
            format!("{what} comes too early: first comes {}", describe(expected)),
            true,
        )
    }

    fn solved(&mut self, got: Got, solved: &SolvedEvent) -> Result<(), (Divergence, String, bool)> {
        let goal_line = self.path.last().map_or(0, |o| o.line);
        let Got::Solved { length, moves } = got else {
            return Err((
                Divergence::MissedGoal,
                format!(
                    "the node visited on line {goal_line} is the goal (h = 0): IDA* stops at the \
                     first goal it visits, with the path to it as the solution ({} moves)",
                    solved.length
                ),
                true,
            ));
        };
        if length != i64::from(solved.length) {
            return Err((
                Divergence::WrongSolution,
                format!(
                    "the goal was reached in {} moves (its g on line {goal_line}), not {length}",
                    solved.length
                ),
                true,
            ));
        }
        if let Some(moves) = moves {
            let solution: Vec<i64> = solved.moves.iter().map(|&t| i64::from(t)).collect();
            if moves != solution {
                return Err((
                    Divergence::WrongSolution,
                    format!(
                        "the solution is the tiles slid on the path from the start to the goal \
                         (line {goal_line}), in order: {}, not {}",
                        join(&solved.moves),
                        moves
                            .iter()
                            .map(i64::to_string)
                            .collect::<Vec<_>>()
                            .join(" ")
                    ),
                    true,
                ));
            }
        }
        self.summary.length = solved.length;
        self.summary.moves.clone_from(&solved.moves);
        self.accept();
        Ok(())
    }

    fn root(
        &mut self,
        got: Child,
        visited: bool,
        expected: &Event,
    ) -> Result<(), (Divergence, String, bool)> {
        let Event::Node(node @ NodeInfo { tile: None, .. }) = expected else {
            return Err(match expected {
                Event::Iteration(e) => (
                    Divergence::MissingEvent,
                    format!(
                        "each iteration starts with {{\"type\":\"iteration\",\"threshold\":{}}} \
                         before its root node",
                        e.threshold
                    ),
                    true,
                ),
                Event::Raise(r) => (
                    Divergence::MissingEvent,
                    format!(
                        "the iteration ends with a raise to {} and a new iteration before the \
                         root is visited again",
                        r.to
                    ),
                    true,
                ),
                _ => self.early_end(expected, "a new iteration (the root again)"),
            });
        };
        if got.g != 0 {
            return Err((
                Divergence::WrongG,
                format!("the root (tile null) has g = 0, not {}", got.g),
                true,
            ));
        }
        self.values(got, node.h, self.start, None)?;
        if !visited {
            return Err((
                Divergence::WronglyPruned,
                format!(
                    "the root's f = {} ≤ threshold {}: it is visited, never pruned",
                    node.f, self.threshold
                ),
                true,
            ));
        }
        self.path.clear();
        self.path.push(Open {
            board: self.start,
            tile: None,
            generated: 0,
            line: self.lines,
            last_child: None,
        });
        self.summary.visited += 1;
        self.accept();
        Ok(())
    }

    /// h, then f, of a node (`board`, a child of `parent` unless the root) whose h should
    /// be `h`.
    fn values(
        &self,
        got: Child,
        h: u32,
        board: Board,
        parent: Option<&Open>,
    ) -> Result<(), (Divergence, String, bool)> {
        if got.h != i64::from(h) {
            if let Some(stale) = parent.and_then(|p| self.not_undone(p, board, got.h)) {
                return Err((Divergence::WrongH, stale, true));
            }
            return Err((Divergence::WrongH, self.wrong_h(board, h, got.h), true));
        }
        // g and h are the search's by now (small), but the sum stays safe for any numbers.
        let sum = got.g.saturating_add(got.h);
        if got.f != sum {
            return Err((
                Divergence::WrongF,
                format!("f = g + h = {} + {} = {}, not {}", got.g, got.h, sum, got.f),
                true,
            ));
        }
        Ok(())
    }

    fn child(
        &mut self,
        got: Child,
        tile: i64,
        visited: bool,
        expected: &Event,
    ) -> Result<(), (Divergence, String, bool)> {
        let wanted = child_of(expected);
        // The right child with the wrong g.
        if let Some(w) = wanted {
            if i64::from(w.tile) == tile && got.g != i64::from(w.g) {
                return Err((
                    Divergence::WrongG,
                    format!(
                        "a child's g is its parent's g + 1: tile {tile} slides from the node at \
                         g = {}, so g = {}, not {}",
                        w.g - 1,
                        w.g,
                        got.g
                    ),
                    true,
                ));
            }
        }
        let depth = match usize::try_from(got.g) {
            Ok(g) if g >= 1 && g <= self.path.len() => g,
            _ => {
                return Err((
                    Divergence::WrongG,
                    format!(
                        "g = {} names no open node one level up: the nodes open are at g = 0 \
                         to {}, so a child has g from 1 to {}",
                        got.g,
                        self.path.len().saturating_sub(1),
                        self.path.len()
                    ),
                    true,
                ))
            }
        };
        let parent = self.path[depth - 1];
        let mut board = parent.board;
        let Some(dir) = u8::try_from(tile).ok().and_then(|t| board.slide(t).ok()) else {
            return Err((Divergence::IllegalMove, self.illegal(tile, &parent), false));
        };
        let tile = tile as u8;
        if parent.tile == Some(tile) {
            return Err((
                Divergence::ReverseMove,
                format!(
                    "sliding tile {tile} back undoes the move into its parent (line {}) and \
                     gives its grandparent again: skip the reverse move",
                    parent.line
                ),
                false,
            ));
        }
        if parent.generated & (1 << dir.index()) != 0 {
            return Err((
                Divergence::UnexpectedEvent,
                format!(
                    "tile {tile} has slid from this parent (line {}) already in this iteration: \
                     each child is generated once",
                    parent.line
                ),
                false,
            ));
        }
        let Some(w) = wanted else {
            if let Event::Raise(_) | Event::Iteration(_) = expected {
                // Every child of every open node is done: no order generates another.
                return Err((
                    Divergence::UnexpectedEvent,
                    format!(
                        "IDA* has no child left to generate here: next comes {}",
                        describe(expected)
                    ),
                    true,
                ));
            }
            return Err(self.early_end(expected, "this child"));
        };
        if w.g as usize != depth {
            // The student left the node of the expected child (or went back to an older one)
            // before generating it.
            let from = self.path.get(w.g as usize - 1).map_or(0, |o| o.line);
            return Err((
                Divergence::MissingEvent,
                format!(
                    "{} is missing: its parent (line {from}) is left before all its children \
                     were generated",
                    describe(expected)
                ),
                true,
            ));
        }
        if w.tile != tile {
            // Another child of the same parent: another move order, or one out of any order.
            if let Some(order) = self.reorder(&parent, dir).filter(|&o| o != self.current) {
                if self.switch(order) {
                    let Some(expected) = self.expected.clone() else {
                        return Err(self.ended());
                    };
                    return self.child(got, i64::from(tile), visited, &expected);
                }
            }
            return Err((
                Divergence::MissingEvent,
                format!(
                    "{} comes before this one in the move order {} the trace followed so far",
                    describe(expected),
                    order_words(self.order())
                ),
                true,
            ));
        }
        self.values(got, w.h, board, Some(&parent))?;
        match (visited, expected) {
            (true, Event::Prune(p)) => Err((
                Divergence::NotPruned,
                format!(
                    "f = g + h = {} + {} = {} > threshold {}: this child is pruned, not visited",
                    p.g, p.h, p.f, p.threshold
                ),
                true,
            )),
            (false, Event::Node(n)) => Err((
                Divergence::WronglyPruned,
                format!(
                    "f = g + h = {} + {} = {} ≤ threshold {}: this child is visited, not pruned",
                    n.g, n.h, n.f, self.threshold
                ),
                true,
            )),
            _ => {
                self.agree(&parent, dir);
                self.path.truncate(depth);
                self.path[depth - 1].generated |= 1 << dir.index();
                self.path[depth - 1].last_child = Some(board);
                if visited {
                    self.summary.visited += 1;
                    self.path.push(Open {
                        board,
                        tile: Some(tile),
                        generated: 0,
                        line: self.lines,
                        last_child: None,
                    });
                } else {
                    self.summary.pruned += 1;
                }
                self.accept();
                Ok(())
            }
        }
    }

    /// The orders that agree with generating `dir` next from `parent` (after the directions
    /// it has generated, before every other it can still generate), as bits of `orders`.
    fn agreeing(&self, parent: &Open, dir: Direction) -> u32 {
        let legal = legal_directions(parent);
        let mut bits = 0;
        for (i, order) in self.orders.iter().enumerate() {
            if self.candidates & (1 << i) == 0 {
                continue;
            }
            let rank = order.rank(dir);
            let fits = Direction::ORDER.into_iter().all(|d| {
                if d == dir || legal & (1 << d.index()) == 0 {
                    return true;
                }
                let done = parent.generated & (1 << d.index()) != 0;
                (order.rank(d) < rank) == done
            });
            if fits {
                bits |= 1 << i;
            }
        }
        bits
    }

    /// Keeps the orders that agree with the child just matched.
    fn agree(&mut self, parent: &Open, dir: Direction) {
        if self.candidates.count_ones() > 1 {
            self.candidates = self.agreeing(parent, dir);
        }
    }

    /// Another order the trace so far agrees with in which `dir` comes next from `parent`.
    fn reorder(&self, parent: &Open, dir: Direction) -> Option<usize> {
        let bits = self.agreeing(parent, dir);
        (bits != 0).then(|| bits.trailing_zeros() as usize)
    }

    /// Continues in `orders[index]` from the last event matched: the trace so far is the same
    /// in both orders, so the search is at the same event. False (nothing changed) if that
    /// search cannot be made, which `new` rules out.
    fn switch(&mut self, index: usize) -> bool {
        let made = ida_star_in_order(
            self.start,
            self.goal,
            self.heuristic.clone(),
            self.orders[index],
        );
        let Ok(mut search) = made else {
            return false;
        };
        search.seek(self.matched);
        self.search = search;
        self.current = index;
        self.position = self.matched;
        self.pull();
        true
    }

    fn illegal(&self, tile: i64, parent: &Open) -> String {
        let board = parent.board;
        let mut message = if (1..board.cells() as i64).contains(&tile) {
            format!(
                "tile {tile} is not next to the blank in its parent's board ({}, from line {})",
                board.to_line(),
                parent.line
            )
        } else {
            format!("{tile} is no tile of this board")
        };
        // A move not undone: the tile is next to the blank in the board a finished child left.
        let stale = u8::try_from(tile).ok().filter(|&t| {
            parent
                .last_child
                .is_some_and(|b| b.direction_of(t).is_some())
        });
        if stale.is_some() {
            message.push_str(
                ": it would be next to the blank had the last child's move not been undone: \
                 undo each move after its recursive call",
            );
        }
        message
    }

    /// The message for an h of `got` that is the h of `child` made from the board the last
    /// child left behind (its move not undone), if it is.
    fn not_undone(&self, parent: &Open, child: Board, got: i64) -> Option<String> {
        let last = parent.last_child?;
        // The same two cells swapped, on the board the last child left.
        let (a, b) = (parent.board.blank(), child.blank());
        let mut tiles = last.tiles().to_vec();
        tiles.swap(a, b);
        let stale = Board::from_tiles(&tiles).ok()?;
        let h = self.heuristic.estimate(&stale, self.goal).ok()?;
        (i64::from(h) == got && stale != child).then(|| {
            format!(
                "h of this board ({}) is {}, not {got}; {got} is h of {}, the board you get when \
                 the previous child's move is not undone: undo each move after its recursive call",
                child.to_line(),
                self.heuristic
                    .estimate(&child, self.goal)
                    .unwrap_or_default(),
                stale.to_line()
            )
        })
    }

    fn first_threshold(&self, got: i64, h: u32) -> String {
        let mut message = format!(
            "the first threshold is h(start) = {h} ({}), not {got}",
            self.heuristic.kind().name()
        );
        if let Some(hint) = self.h_hint(self.start, h, got) {
            message.push_str(": ");
            message.push_str(&hint);
        }
        message
    }

    fn wrong_h(&self, board: Board, h: u32, got: i64) -> String {
        let mut message = format!(
            "h of this board ({}) is {h} ({}), not {got}",
            board.to_line(),
            self.heuristic.kind().name()
        );
        if let Some(hint) = self.h_hint(board, h, got) {
            message.push_str(": ");
            message.push_str(&hint);
        }
        message
    }

    /// The likely mistake behind an h of `got` where `h` is right, if a common one explains it.
    fn h_hint(&self, board: Board, h: u32, got: i64) -> Option<String> {
        let kind = self.heuristic.kind();
        let (w, cells) = (board.width(), board.cells());
        // The blank counted as a tile: towards its goal cell, or (with the formula for tile v
        // at row (v − 1) / w, column (v − 1) mod w) towards row −1, column w − 1.
        let (blank, home) = (board.blank(), self.goal.position_of(0, cells));
        let blank_costs: Vec<i64> = match kind {
            HeuristicKind::Manhattan | HeuristicKind::LinearConflict => vec![
                ((blank / w).abs_diff(home / w) + (blank % w).abs_diff(home % w)) as i64,
                (blank / w) as i64 + 1 + (w - 1).abs_diff(blank % w) as i64,
            ],
            HeuristicKind::Hamming => vec![i64::from(blank != home), 1],
            HeuristicKind::Pdb => Vec::new(),
        };
        if let Some(cost) = blank_costs
            .into_iter()
            .find(|&c| c > 0 && got == i64::from(h) + c)
        {
            return Some(format!(
                "{got} is h with the blank counted as a tile too (adding {cost}): leave the \
                 blank out of h"
            ));
        }
        if got == 2 * i64::from(h) && h > 0 {
            return Some(
                "that is twice h: an inflated heuristic overestimates and IDA* loses optimality"
                    .into(),
            );
        }
        if kind == HeuristicKind::Manhattan {
            // Tile v measured to cell v instead of v − 1 (or the reverse): the other goal's cells.
            let other = match self.goal {
                Goal::BlankLast => Goal::BlankFirst,
                Goal::BlankFirst => Goal::BlankLast,
            };
            let (right, off) = (Manhattan::new(w, self.goal), Manhattan::new(w, other));
            let at = |t: u8| board.position_of(t).unwrap_or(0);
            if HeuristicChoice::Manhattan
                .estimate(&board, other)
                .ok()
                .map(i64::from)
                == Some(got)
            {
                let mut differ: Vec<String> = (1..cells as u8)
                    .filter(|&t| right.distance(t, at(t)) != off.distance(t, at(t)))
                    .map(|t| {
                        format!(
                            "tile {t} is {} away, not {}",
                            right.distance(t, at(t)),
                            off.distance(t, at(t))
                        )
                    })
                    .collect();
                if differ.len() > 3 {
                    differ.truncate(3);
                    differ.push("…".into());
                }
                let home = if self.goal == Goal::BlankLast {
                    "(v − 1)"
                } else {
                    "v"
                };
                return Some(format!(
                    "the distances are measured to goal cells one place off (tile v belongs in \
                     cell {home}, row {home} / {w}, column {home} mod {w}): {}",
                    differ.join(", ")
                ));
            }
        }
        for other in [
            HeuristicKind::Hamming,
            HeuristicKind::Manhattan,
            HeuristicKind::LinearConflict,
        ] {
            if other == kind {
                continue;
            }
            let Ok(choice) = HeuristicChoice::new(other, w, self.goal, None) else {
                continue;
            };
            if choice.estimate(&board, self.goal).ok().map(i64::from) == Some(got) {
                return Some(format!(
                    "{got} is the {} heuristic's value: check with --heuristic {} if that is \
                     the heuristic you meant",
                    other.name(),
                    other.name()
                ));
            }
        }
        None
    }
}

/// The expected event as a child: its g, h and tile.
#[derive(Clone, Copy)]
struct Wanted {
    g: u32,
    h: u32,
    tile: u8,
}

fn child_of(event: &Event) -> Option<Wanted> {
    match event {
        Event::Node(NodeInfo {
            g,
            h,
            tile: Some(tile),
            ..
        }) => Some(Wanted {
            g: *g,
            h: *h,
            tile: *tile,
        }),
        Event::Prune(PruneEvent { g, h, tile, .. }) => Some(Wanted {
            g: *g,
            h: *h,
            tile: *tile,
        }),
        _ => None,
    }
}

/// The directions a node can generate children in (the reverse move excluded), as bits.
fn legal_directions(node: &Open) -> u8 {
    let mut bits = 0;
    for d in Direction::ORDER {
        if let Some(t) = node.board.tile_towards(d) {
            if node.tile != Some(t) {
                bits |= 1 << d.index();
            }
        }
    }
    bits
}

/// Reads one line; `Ok(None)` for a line to skip (a `backtrack`).
fn read(line: &TraceLine) -> Result<Option<Got>, String> {
    let kind = line
        .kind
        .as_deref()
        .ok_or("an event needs a \"type\": iteration, node, prune, raise or solved")?;
    let article = if kind.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    let need = |value: Option<i64>, field: &str| {
        value.ok_or_else(|| format!("{article} {kind} event needs \"{field}\""))
    };
    Ok(Some(match kind {
        "iteration" => Got::Iteration {
            threshold: need(line.threshold, "threshold")?,
        },
        "node" | "prune" => {
            let child = Child {
                g: need(line.g, "g")?,
                h: need(line.h, "h")?,
                f: need(line.f, "f")?,
                tile: match line.tile {
                    Some(tile) => tile,
                    None => {
                        return Err(format!("a {kind} event needs \"tile\" (null at the root)"));
                    }
                },
            };
            if kind == "node" {
                Got::Node(child)
            } else {
                Got::Prune(child)
            }
        }
        "raise" => Got::Raise {
            from: line.from,
            to: need(line.to, "to")?,
        },
        "solved" => Got::Solved {
            length: need(line.length, "length")?,
            moves: line.moves.clone(),
        },
        "backtrack" => return Ok(None),
        other => {
            return Err(format!(
                "{} is not an event type: use iteration, node, prune, raise or solved",
                quote(other)
            ))
        }
    }))
}

/// An event in words, for messages.
fn describe(event: &Event) -> String {
    match event {
        Event::Iteration(e) => format!(
            "iteration {} with threshold {} ({{\"type\":\"iteration\",\"threshold\":{}}})",
            e.iteration, e.threshold, e.threshold
        ),
        Event::Node(n) => match n.tile {
            None => format!("the root, visited with g = 0, h = {}, f = {}", n.h, n.f),
            Some(t) => format!(
                "the child where tile {t} slides, visited with g = {}, h = {}, f = {}",
                n.g, n.h, n.f
            ),
        },
        Event::Prune(p) => format!(
            "the child where tile {} slides, pruned with g = {}, h = {}, f = {} > {}",
            p.tile, p.g, p.h, p.f, p.threshold
        ),
        Event::Raise(r) => format!("the raise of the threshold from {} to {}", r.from, r.to),
        Event::Solved(s) => format!("the solution ({} moves)", s.length),
        _ => "another event".into(),
    }
}

fn join(tiles: &[u8]) -> String {
    tiles
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// An order in words: "blank left, right, up, down".
fn order_words(order: MoveOrder) -> String {
    let names: Vec<&str> = order.directions().iter().map(|d| d.name()).collect();
    format!("blank {}", names.join(", "))
}
