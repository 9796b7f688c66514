//! Generated exercises for teachers: questions on IDA* and the lecture's graph searches, each
//! with its answer and an explanation, all computed by the core (the boards by its moves, the
//! answers by its searches, heuristics and solvability test).
//!
//! A seed fixes everything: the same [`ExerciseOptions`] give the same questions, and the
//! first questions of a longer run are those of a shorter one (each question draws its own
//! generator from the seed's sequence). Boards are random walks from the goal of bounded
//! length, and every IDA* run has a node budget, so that each answer takes milliseconds on the
//! 15- and 24-puzzle too: a board over the budget is replaced by a shorter walk.

use crate::board::{Board, Direction, Goal, SplitMix64, MAX_WIDTH, MIN_WIDTH};
use crate::error::Error;
use crate::heuristic::{HeuristicChoice, HeuristicKind};
use crate::search::{ida_star, new_search, Algorithm, Report, Status};
use crate::trace::Event;
use serde::Serialize;
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

/// The most questions one run generates.
pub const MAX_COUNT: usize = 1000;

/// Nodes (visited + pruned) an IDA* run may take before its board is replaced by a shorter
/// walk: a few milliseconds of search.
const NODE_BUDGET: u64 = 200_000;

/// Boards tried for one question before giving up (never reached in practice: the walks
/// shrink with each try, and a walk of two moves is solved at once).
const ATTEMPTS: usize = 200;

/// Solved boards a question may turn down (one IDA* iteration where it wants two, say)
/// before it takes the first of them.
const REJECTIONS: usize = 40;

/// The most frontier entries a frontier question shows.
const MAX_SHOWN_FRONTIER: usize = 10;

/// What a question asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum QuestionKind {
    /// IDA*'s thresholds, one per iteration (multiple choice).
    Thresholds,
    /// The nodes IDA* visits and prunes in one iteration (multiple choice).
    Iteration,
    /// f = g + h of the node reached by given moves from the start (a number).
    NodeF,
    /// Whether a board can reach the goal, and why (multiple choice).
    Solvable,
    /// The node BFS or DFS takes off a given frontier next (multiple choice).
    Frontier,
    /// The length of an optimal solution (a number).
    SolutionLength,
}

impl QuestionKind {
    /// Every kind, in the order a run cycles through them.
    pub const ALL: [QuestionKind; 6] = [
        QuestionKind::Thresholds,
        QuestionKind::Iteration,
        QuestionKind::NodeF,
        QuestionKind::Solvable,
        QuestionKind::Frontier,
        QuestionKind::SolutionLength,
    ];

    /// The name used by the CLI and the JSON output.
    pub fn name(self) -> &'static str {
        match self {
            QuestionKind::Thresholds => "thresholds",
            QuestionKind::Iteration => "iteration",
            QuestionKind::NodeF => "node-f",
            QuestionKind::Solvable => "solvable",
            QuestionKind::Frontier => "frontier",
            QuestionKind::SolutionLength => "solution-length",
        }
    }

    /// A short title, for question names and headings.
    pub fn title(self) -> &'static str {
        match self {
            QuestionKind::Thresholds => "IDA* thresholds",
            QuestionKind::Iteration => "One IDA* iteration",
            QuestionKind::NodeF => "The f of a node",
            QuestionKind::Solvable => "Solvability",
            QuestionKind::Frontier => "The next node off the frontier",
            QuestionKind::SolutionLength => "Solution length",
        }
    }
}

impl FromStr for QuestionKind {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        QuestionKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| {
                Error::InvalidOption(format!(
                    "unknown question kind {}: choose {}",
                    crate::error::quote(s),
                    QuestionKind::ALL.map(QuestionKind::name).join(", ")
                ))
            })
    }
}

impl fmt::Display for QuestionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExerciseOptions {
    /// Fixes every board and choice.
    pub seed: u64,
    /// How many questions (1 to [`MAX_COUNT`]).
    pub count: usize,
    /// Board width, 3 to 5.
    pub width: usize,
    /// The heuristic of IDA*'s f and of the frontier's h (not `pdb`).
    pub heuristic: HeuristicKind,
    /// The goal convention.
    pub goal: Goal,
    /// The kinds to cycle through, in order (empty: every kind).
    pub kinds: Vec<QuestionKind>,
}

impl Default for ExerciseOptions {
    fn default() -> Self {
        ExerciseOptions {
            seed: 0,
            count: QuestionKind::ALL.len(),
            width: MIN_WIDTH,
            heuristic: HeuristicKind::default(),
            goal: Goal::default(),
            kinds: Vec::new(),
        }
    }
}

/// A board a question shows, with what it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ShownBoard {
    /// What the board is ("start", "board").
    pub label: String,
    /// 3, 4 or 5.
    pub width: usize,
    /// The tiles in row-major order, 0 for the blank.
    pub tiles: Vec<u8>,
    /// The board itself, for printing.
    #[serde(skip)]
    pub board: Board,
}

impl ShownBoard {
    fn new(label: &str, board: Board) -> ShownBoard {
        ShownBoard {
            label: label.to_string(),
            width: board.width(),
            tiles: board.tiles().to_vec(),
            board,
        }
    }
}

/// One entry of a frontier as a frontier question shows it: the core's `FrontierEntry` and the
/// path to it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ShownEntry {
    /// The node's id (ids count up as nodes are generated).
    pub id: u64,
    /// Moves from the start.
    pub g: u32,
    /// The heuristic's estimate.
    pub h: u32,
    /// g + h.
    pub f: u32,
    /// The tiles slid from the start to reach it.
    pub moves: Vec<u8>,
    /// Its board, in row-major order.
    pub tiles: Vec<u8>,
}

/// A question's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Answer {
    /// A number: f, a solution length, or the id of the node taken off the frontier.
    Number(u64),
    /// IDA*'s thresholds, one per iteration.
    Thresholds(Vec<u32>),
    /// The nodes visited and the children pruned in one IDA* iteration.
    Counts {
        /// Nodes visited (f ≤ threshold).
        visited: u64,
        /// Children pruned (f > threshold).
        pruned: u64,
    },
    /// Whether the board can reach the goal.
    Solvable(bool),
}

/// One generated question, its answer and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Question {
    /// 1-based.
    pub number: usize,
    /// What it asks.
    pub kind: QuestionKind,
    /// The question, as plain text; the boards and the frontier are shown beside it.
    pub prompt: String,
    /// The boards the question shows.
    pub boards: Vec<ShownBoard>,
    /// Frontier questions: the frontier, in the order its nodes were put on it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub frontier: Option<Vec<ShownEntry>>,
    /// Frontier questions: `bfs` or `dfs`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub algorithm: Option<&'static str>,
    /// Frontier questions: the nodes expanded before the frontier shown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expansions: Option<u64>,
    /// Iteration questions: the 1-based iteration asked about.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub iteration: Option<u32>,
    /// Node-f questions: the tiles slid from the start, in order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<u8>>,
    /// The answer.
    pub answer: Answer,
    /// Multiple-choice questions: the choices, one of them right (empty for a number).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<String>,
    /// The index of the right choice in `choices`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub correct: Option<usize>,
    /// Why the answer is right, step by step.
    pub explanation: String,
}

/// The questions `options` ask for, in order. Fails for options out of range (width, count,
/// `pdb`) with a message that says what to choose.
pub fn generate(options: &ExerciseOptions) -> Result<Vec<Question>, Error> {
    check(options)?;
    let kinds: &[QuestionKind] = if options.kinds.is_empty() {
        &QuestionKind::ALL
    } else {
        &options.kinds
    };
    let heuristic = HeuristicChoice::new(options.heuristic, options.width, options.goal, None)?;
    let maker = Maker {
        width: options.width,
        goal: options.goal,
        heuristic,
        kind: options.heuristic,
    };
    let mut seeds = SplitMix64::new(options.seed);
    (0..options.count)
        .map(|i| {
            // One draw per question, whatever the kind: question i is the same in every run.
            let mut rng = SplitMix64::new(seeds.next_u64());
            let kind = kinds[i % kinds.len()];
            let mut question = maker.question(kind, &mut rng)?;
            question.number = i + 1;
            Ok(question)
        })
        .collect()
}

fn check(options: &ExerciseOptions) -> Result<(), Error> {
    if !(1..=MAX_COUNT).contains(&options.count) {
        return Err(Error::InvalidOption(format!(
            "the number of questions must be 1 to {MAX_COUNT}, got {}",
            options.count
        )));
    }
    if !(MIN_WIDTH..=MAX_WIDTH).contains(&options.width) {
        return Err(Error::InvalidOption(format!(
            "width {} is not supported for exercises: choose {MIN_WIDTH} (the 8-puzzle), 4 (the 15-puzzle) or {MAX_WIDTH} (the 24-puzzle); every question kind works on each",
            options.width
        )));
    }
    if options.heuristic == HeuristicKind::Pdb {
        return Err(Error::InvalidOption(
            "the pdb heuristic is not offered for exercises (its pattern databases take seconds to build and exist for 4×4 only, and answers should be checkable by hand): choose hamming, manhattan or linear-conflict".into(),
        ));
    }
    Ok(())
}

/// Makes questions for one width, goal and heuristic.
struct Maker {
    width: usize,
    goal: Goal,
    heuristic: HeuristicChoice,
    kind: HeuristicKind,
}

/// A number in `lo..=hi` (`hi` ≥ `lo`).
fn between(rng: &mut SplitMix64, lo: usize, hi: usize) -> usize {
    lo + rng.below(hi - lo + 1)
}

/// The board's rows on one line: `1 2 3 / 4 5 6 / 7 8 0`.
pub fn rows(board: &Board) -> String {
    board
        .tiles()
        .chunks(board.width())
        .map(|row| row.iter().map(u8::to_string).collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join(" / ")
}

fn list(numbers: &[u8]) -> String {
    numbers
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn sequence(numbers: &[u32]) -> String {
    numbers
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn parity(n: usize) -> &'static str {
    if n % 2 == 0 {
        "even"
    } else {
        "odd"
    }
}

/// `right` and `wrong` (distinct, none equal to `right`) in a seeded order: the choices and the
/// index of the right one.
fn shuffled(rng: &mut SplitMix64, right: String, wrong: Vec<String>) -> (Vec<String>, usize) {
    let mut choices = vec![right.clone()];
    for w in wrong {
        if !choices.contains(&w) {
            choices.push(w);
        }
    }
    for i in (1..choices.len()).rev() {
        let j = rng.below(i + 1);
        choices.swap(i, j);
    }
    let correct = choices.iter().position(|c| *c == right).unwrap_or(0);
    (choices, correct)
}

impl Maker {
    fn question(&self, kind: QuestionKind, rng: &mut SplitMix64) -> Result<Question, Error> {
        match kind {
            QuestionKind::Thresholds => self.thresholds(rng),
            QuestionKind::Iteration => self.iteration(rng),
            QuestionKind::NodeF => self.node_f(rng),
            QuestionKind::Solvable => self.solvable(rng),
            QuestionKind::Frontier => self.frontier(rng),
            QuestionKind::SolutionLength => self.solution_length(rng),
        }
    }

    fn blank_question(&self, kind: QuestionKind, prompt: String, answer: Answer) -> Question {
        Question {
            number: 0,
            kind,
            prompt,
            boards: Vec::new(),
            frontier: None,
            algorithm: None,
            expansions: None,
            iteration: None,
            moves: None,
            answer,
            choices: Vec::new(),
            correct: None,
            explanation: String::new(),
        }
    }

    /// "the manhattan heuristic and the goal blank-last (1 2 3 / 4 5 6 / 7 8 0)".
    fn setting(&self) -> Result<String, Error> {
        Ok(format!(
            "the {} heuristic and the goal {} ({})",
            self.kind,
            self.goal,
            rows(&self.goal.board(self.width)?)
        ))
    }

    /// The longest walk for `kind` on this width: larger boards take shorter walks relative to
    /// their size, so that the searches stay quick and the numbers small.
    fn walk_range(&self, kind: QuestionKind) -> (usize, usize) {
        let w3 = self.width == MIN_WIDTH;
        match kind {
            QuestionKind::Thresholds if w3 => (10, 18),
            QuestionKind::Thresholds => (10, 20),
            QuestionKind::Iteration => (4, 9),
            QuestionKind::NodeF => (3, 12),
            QuestionKind::Frontier => (4, 9),
            QuestionKind::SolutionLength if w3 => (8, 20),
            QuestionKind::SolutionLength | QuestionKind::Solvable => (10, 24),
        }
    }

    /// A random walk of `lo` to `hi` blank moves from `from`, never undoing the move before.
    /// Returns the board and the tiles slid.
    fn walk(&self, from: Board, rng: &mut SplitMix64, lo: usize, hi: usize) -> (Board, Vec<u8>) {
        let moves = between(rng, lo, hi);
        let mut board = from;
        let mut slid = Vec::with_capacity(moves);
        let mut last: Option<Direction> = None;
        for _ in 0..moves {
            let options: Vec<Direction> = Direction::ORDER
                .into_iter()
                .filter(|&d| Some(d.opposite()) != last && board.tile_towards(d).is_some())
                .collect();
            let dir = options[rng.below(options.len())];
            if let Some(tile) = board.move_blank(dir) {
                slid.push(tile);
                last = Some(dir);
            }
        }
        (board, slid)
    }

    /// A start board for `kind` (not the goal) that IDA* solves within the budget, with its
    /// report: the first that `accept` takes, or after [`REJECTIONS`] rejections the first
    /// solved. A board over the budget shortens the walks that follow, a rejected one
    /// lengthens them a little, so that the tries end.
    fn solved_board(
        &self,
        kind: QuestionKind,
        rng: &mut SplitMix64,
        accept: impl Fn(&Report) -> bool,
    ) -> Result<(Board, Report), Error> {
        let (lo, hi) = self.walk_range(kind);
        let goal_board = self.goal.board(self.width)?;
        let (mut over_budget, mut rejected) = (0, 0);
        let mut fallback = None;
        for _ in 0..ATTEMPTS {
            let hi = (hi + rejected / 8).saturating_sub(over_budget / 4).max(2);
            let lo = lo.min(hi);
            let (board, _) = self.walk(goal_board, rng, lo, hi);
            if board.is_goal(self.goal) {
                continue;
            }
            let mut search = ida_star(board, self.goal, self.heuristic.clone())?;
            if search.run(Some(NODE_BUDGET)) != Status::Solved {
                over_budget += 1;
                continue;
            }
            let report = search.report();
            if accept(&report) {
                return Ok((board, report));
            }
            fallback.get_or_insert((board, report));
            rejected += 1;
            if rejected >= REJECTIONS {
                break;
            }
        }
        fallback.ok_or_else(|| {
            Error::InvalidOption(format!(
                "no board for a {} question was found within the node budget",
                kind.name()
            ))
        })
    }

    fn thresholds(&self, rng: &mut SplitMix64) -> Result<Question, Error> {
        let kind = QuestionKind::Thresholds;
        let (board, report) = self.solved_board(kind, rng, |r| r.iterations().len() >= 2)?;
        let iterations = report.iterations();
        let thresholds: Vec<u32> = iterations.iter().map(|i| i.threshold).collect();
        let (first, last) = (thresholds[0], thresholds[thresholds.len() - 1]);
        let step = if thresholds.len() >= 2 {
            thresholds[1] - thresholds[0]
        } else {
            2
        };
        // Mistakes worth telling apart: stopping one iteration early, one too many, raising
        // by one each time, starting one step lower.
        let mut wrong = Vec::new();
        if thresholds.len() >= 2 {
            wrong.push(thresholds[..thresholds.len() - 1].to_vec());
        }
        let mut longer = thresholds.clone();
        longer.push(last + step);
        wrong.push(longer);
        wrong.push((first..=last).collect());
        if first >= step {
            let mut lower = vec![first - step];
            lower.extend(&thresholds);
            wrong.push(lower);
        }
        wrong.push(thresholds.iter().map(|t| t + 1).collect());
        let wrong: Vec<String> = wrong
            .iter()
            .filter(|w| **w != thresholds)
            .map(|w| sequence(w))
            .take(3)
            .collect();
        let (choices, correct) = shuffled(rng, sequence(&thresholds), wrong);
        let raises: Vec<String> = iterations
            .iter()
            .filter_map(|i| {
                i.next_threshold.map(|n| {
                    format!(
                        "iteration {} (threshold {}) ends without the goal and the smallest f it pruned is {n}",
                        i.iteration, i.threshold
                    )
                })
            })
            .collect();
        let raised = if raises.is_empty() {
            "here the first iteration already finds the goal".to_string()
        } else {
            raises.join("; ")
        };
        let explanation = format!(
            "The first threshold is h(start) = {first}. Each iteration that ends without the goal raises the threshold to the smallest f it pruned: {raised}. Iteration {} (threshold {last}) visits the goal: a solution of {} moves. Thresholds: {}.",
            thresholds.len(),
            report.length.unwrap_or(0),
            sequence(&thresholds)
        );
        let prompt = format!(
            "IDA* solves the board below with {}. Which thresholds does it use, one per iteration, up to the iteration that finds the goal?",
            self.setting()?
        );
        let mut q = self.blank_question(kind, prompt, Answer::Thresholds(thresholds));
        q.boards.push(ShownBoard::new("start", board));
        q.choices = choices;
        q.correct = Some(correct);
        q.explanation = explanation;
        Ok(q)
    }

    fn iteration(&self, rng: &mut SplitMix64) -> Result<Question, Error> {
        let kind = QuestionKind::Iteration;
        let (board, report) = self.solved_board(kind, rng, |r| r.iterations().len() >= 2)?;
        let iterations = report.iterations();
        let k = between(rng, 1, iterations.len());
        let it = iterations[k - 1];
        let last = k == iterations.len();
        // Mistakes worth telling apart: the two counts swapped, a neighbouring iteration, the
        // counts since the first iteration, the start left out.
        let pair = |v: u64, p: u64| format!("visited {v}, pruned {p}");
        let mut wrong = vec![pair(it.pruned, it.visited)];
        // Iteration k is iterations[k - 1]: its neighbours are k - 2 and k.
        for index in [k.checked_sub(2), Some(k)].into_iter().flatten() {
            if let Some(o) = iterations.get(index) {
                wrong.push(pair(o.visited, o.pruned));
            }
        }
        let (sum_v, sum_p) = iterations[..k]
            .iter()
            .fold((0, 0), |(v, p), i| (v + i.visited, p + i.pruned));
        wrong.push(pair(sum_v, sum_p));
        if it.visited > 1 {
            wrong.push(pair(it.visited - 1, it.pruned));
        }
        wrong.push(pair(it.visited + 1, it.pruned));
        let right = pair(it.visited, it.pruned);
        let wrong: Vec<String> = wrong.into_iter().filter(|w| *w != right).collect();
        let mut distinct: Vec<String> = Vec::new();
        for w in wrong {
            if !distinct.contains(&w) && distinct.len() < 3 {
                distinct.push(w);
            }
        }
        let (choices, correct) = shuffled(rng, right, distinct);
        let ending = match it.next_threshold {
            Some(n) if !last => format!(
                "; it ends without the goal, and the smallest pruned f, {n}, becomes the next threshold"
            ),
            _ => "; it stops when it visits the goal (the goal counts as visited)".to_string(),
        };
        let explanation = format!(
            "Iteration {k} is a depth-first search from the start bounded by f ≤ {}: it visits {} nodes (the start included) and prunes {} generated children whose f is above {}{ending}. Children come in the order left, right, up, down of the blank, never the move that undoes the last one.",
            it.threshold, it.visited, it.pruned, it.threshold
        );
        let goal_note = if last {
            " (This iteration finds the goal: count up to the goal's visit.)"
        } else {
            ""
        };
        let prompt = format!(
            "IDA* solves the board below with {}. In iteration {k}, whose threshold is {}, how many nodes does it visit (f ≤ threshold, the start included) and how many generated children does it prune (f > threshold)?{goal_note}",
            self.setting()?,
            it.threshold
        );
        let answer = Answer::Counts {
            visited: it.visited,
            pruned: it.pruned,
        };
        let mut q = self.blank_question(kind, prompt, answer);
        q.boards.push(ShownBoard::new("start", board));
        q.iteration = Some(k as u32);
        q.choices = choices;
        q.correct = Some(correct);
        q.explanation = explanation;
        Ok(q)
    }

    fn node_f(&self, rng: &mut SplitMix64) -> Result<Question, Error> {
        let kind = QuestionKind::NodeF;
        let (lo, hi) = self.walk_range(kind);
        let goal_board = self.goal.board(self.width)?;
        // A start a few moves from the goal at least, so that h is worth computing.
        let mut start = goal_board;
        for _ in 0..ATTEMPTS {
            start = self.walk(goal_board, rng, lo, hi).0;
            if self.heuristic.estimate(&start, self.goal)? >= 4 {
                break;
            }
        }
        let (_, moves) = self.walk(start, rng, 1, 4);
        // The node as the core's own slides reach it from the start.
        let node = start.after(&moves)?;
        let g = moves.len() as u32;
        let h = self.heuristic.estimate(&node, self.goal)?;
        let f = g + h;
        let prompt = format!(
            "Start from the board below and slide the tiles {} in that order. For the node reached, what is f = g + h, with g the number of moves from the start and h by {}?",
            list(&moves),
            self.setting()?
        );
        let explanation = format!(
            "Sliding {} gives the board {}. g = {g} (one per move), h = {h} ({} heuristic of that board), so f = {g} + {h} = {f}.",
            list(&moves),
            rows(&node),
            self.kind
        );
        let mut q = self.blank_question(kind, prompt, Answer::Number(u64::from(f)));
        q.boards.push(ShownBoard::new("start", start));
        q.moves = Some(moves);
        q.explanation = explanation;
        Ok(q)
    }

    fn solvable(&self, rng: &mut SplitMix64) -> Result<Question, Error> {
        let kind = QuestionKind::Solvable;
        let mut board = Board::random(self.width, self.goal, rng.next_u64())?;
        if rng.below(2) == 0 {
            // Two tiles (not the blank) swapped: the core decides what that does.
            let mut tiles = board.tiles().to_vec();
            let cells: Vec<usize> = (0..tiles.len()).filter(|&c| tiles[c] != 0).collect();
            let a = rng.below(cells.len());
            let b = (a + 1 + rng.below(cells.len() - 1)) % cells.len();
            tiles.swap(cells[a], cells[b]);
            board = Board::from_tiles(&tiles)?;
        }
        let verdict = board.check_solvable(self.goal);
        let solvable = verdict.is_ok();
        let explanation = match verdict {
            Err(Error::Unsolvable(why)) => {
                let text = why.to_string();
                let mut chars = text.chars();
                chars.next().map_or_else(String::new, |c| {
                    c.to_uppercase().collect::<String>() + chars.as_str()
                })
            }
            Err(other) => return Err(other),
            Ok(()) => self.solvable_explanation(&board)?,
        };
        let right = "Solvable: some sequence of moves reaches the goal".to_string();
        let wrong = "Unsolvable: no sequence of moves reaches the goal".to_string();
        let (right, wrong) = if solvable {
            (right, wrong)
        } else {
            (wrong, right)
        };
        // Fixed order (solvable first): a yes/no question reads best unshuffled.
        let (choices, correct) = if solvable {
            (vec![right, wrong], 0)
        } else {
            (vec![wrong, right], 1)
        };
        let prompt = format!(
            "Can the board below reach the goal {} ({})? Give the reason: the inversion count{}.",
            self.goal,
            rows(&self.goal.board(self.width)?),
            if self.width % 2 == 0 {
                " and the blank's row"
            } else {
                ""
            }
        );
        let mut q = self.blank_question(kind, prompt, Answer::Solvable(solvable));
        q.boards.push(ShownBoard::new("board", board));
        q.choices = choices;
        q.correct = Some(correct);
        q.explanation = explanation;
        Ok(q)
    }

    /// Why a board the core found solvable is: its numbers beside the goal's.
    fn solvable_explanation(&self, board: &Board) -> Result<String, Error> {
        let w = self.width;
        let goal = self.goal.board(w)?;
        let inv = board.inversions() as usize;
        let goal_inv = goal.inversions() as usize;
        Ok(if w % 2 == 1 {
            format!(
                "This board is solvable: it has {inv} inversions (pairs of tiles in the wrong reading order, ignoring the blank), an {} number like the goal's {goal_inv}, and on a {w}×{w} board every move keeps the parity of the inversion count.",
                parity(inv)
            )
        } else {
            let row = board.blank_row_from_bottom();
            let goal_row = goal.blank_row_from_bottom();
            format!(
                "This board is solvable: it has {inv} inversions (pairs of tiles in the wrong reading order, ignoring the blank) and the blank is on row {row} counted from the bottom; {inv} + {row} = {} is {}, like the goal's {goal_inv} + {goal_row} = {}, and on a {w}×{w} board every move keeps the parity of inversions + blank row.",
                inv + row,
                parity(inv + row),
                goal_inv + goal_row
            )
        })
    }

    fn frontier(&self, rng: &mut SplitMix64) -> Result<Question, Error> {
        let kind = QuestionKind::Frontier;
        let (lo, hi) = self.walk_range(kind);
        let goal_board = self.goal.board(self.width)?;
        for attempt in 0..ATTEMPTS {
            let algorithm = if rng.below(2) == 0 {
                Algorithm::Bfs
            } else {
                Algorithm::Dfs
            };
            let hi = hi.saturating_sub(attempt / 8).max(lo);
            let (start, _) = self.walk(goal_board, rng, lo, hi);
            let expansions = between(rng, 1, 4);
            if start.is_goal(self.goal) {
                continue;
            }
            if let Some(q) = self.frontier_question(start, algorithm, expansions, rng)? {
                return Ok(q);
            }
        }
        Err(Error::InvalidOption(
            "no board for a frontier question was found".into(),
        ))
    }

    /// The frontier question on `start` after `expansions` expansions, or `None` when the
    /// search would take the goal off next (or ends before), or the frontier is too small or
    /// too large to ask about.
    fn frontier_question(
        &self,
        start: Board,
        algorithm: Algorithm,
        expansions: usize,
        rng: &mut SplitMix64,
    ) -> Result<Option<Question>, Error> {
        let mut search = new_search(
            start,
            self.goal,
            self.heuristic.clone(),
            algorithm,
            Some(10_000),
        )?;
        // Each node's parent and tile, from the search's own events.
        let mut tree: HashMap<u64, (Option<u64>, Option<u8>)> = HashMap::new();
        let mut seen = 0;
        let mut position = 0;
        let next = loop {
            let Some(event) = search.step() else {
                return Ok(None);
            };
            match event {
                Event::Generate(e) => {
                    tree.insert(e.node.id, (e.node.parent, e.node.tile));
                }
                Event::Expand(e) if seen == expansions => break e.node.id,
                Event::Expand(_) => seen += 1,
                Event::Solved(_) | Event::GaveUp(_) => return Ok(None),
                _ => {}
            }
            position += 1;
        };
        // Back to just before that expansion: the frontier it takes from.
        search.seek(position);
        let size = usize::try_from(search.frontier_size()).unwrap_or(usize::MAX);
        if !(2..=MAX_SHOWN_FRONTIER).contains(&size) {
            return Ok(None);
        }
        let taken = search.frontier(size);
        if taken.first().map(|e| e.id) != Some(next) {
            return Err(Error::InvalidOption(format!(
                "the frontier's first entry is not node {next}, the node expanded next"
            )));
        }
        let mut entries = Vec::with_capacity(taken.len());
        for entry in &taken {
            let mut moves = Vec::new();
            let mut id = entry.id;
            while let Some(&(parent, tile)) = tree.get(&id) {
                moves.extend(tile);
                match parent {
                    Some(p) => id = p,
                    None => break,
                }
            }
            moves.reverse();
            let board = start.after(&moves)?;
            entries.push(ShownEntry {
                id: entry.id,
                g: entry.g,
                h: entry.h,
                f: entry.f,
                moves,
                tiles: board.tiles().to_vec(),
            });
        }
        // Shown in the order the nodes were put on the frontier, as the lecture draws it.
        entries.sort_by_key(|e| e.id);
        let (name, rule, how) = match algorithm {
            Algorithm::Bfs => (
                "Breadth-first graph search",
                "a queue: it takes the oldest node, the first put on the frontier",
                "is the oldest entry",
            ),
            _ => (
                "Depth-first graph search",
                "a stack: it takes the newest node, the last put on the frontier",
                "is the newest entry",
            ),
        };
        let (first, last) = (entries[0].id, entries[entries.len() - 1].id);
        let mut wrong: Vec<String> = [first, last]
            .into_iter()
            .filter(|&id| id != next)
            .map(|id| format!("node {id}"))
            .collect();
        let mut others: Vec<u64> = entries
            .iter()
            .map(|e| e.id)
            .filter(|&id| id != next && id != first && id != last)
            .collect();
        while wrong.len() < 3 && !others.is_empty() {
            let id = others.remove(rng.below(others.len()));
            wrong.push(format!("node {id}"));
        }
        let (choices, correct) = shuffled(rng, format!("node {next}"), wrong);
        let prompt = format!(
            "{name} (as the lecture teaches it: a child is marked reached when generated, a child already reached is skipped; children in the order left, right, up, down of the blank) starts from the board below, with {}. After {expansions} {}, the frontier holds the nodes in the table, in the order they were put on it (g: moves from the start, h: the heuristic, f = g + h). Which node does it take off the frontier and expand next?",
            self.setting()?,
            if expansions == 1 { "expansion" } else { "expansions" }
        );
        let explanation = format!(
            "The frontier of {} is {rule}. Node {next} {how}, so it comes off next; it is not the goal, so it is expanded.",
            algorithm.name().to_uppercase()
        );
        let mut q = self.blank_question(QuestionKind::Frontier, prompt, Answer::Number(next));
        q.boards.push(ShownBoard::new("start", start));
        q.frontier = Some(entries);
        q.algorithm = Some(algorithm.name());
        q.expansions = Some(expansions as u64);
        q.choices = choices;
        q.correct = Some(correct);
        q.explanation = explanation;
        Ok(Some(q))
    }

    fn solution_length(&self, rng: &mut SplitMix64) -> Result<Question, Error> {
        let kind = QuestionKind::SolutionLength;
        let (board, report) = self.solved_board(kind, rng, |_| true)?;
        let length = report.length.unwrap_or(0);
        let moves = report.moves.clone().unwrap_or_default();
        let thresholds: Vec<u32> = report.iterations().iter().map(|i| i.threshold).collect();
        let prompt = format!(
            "How many moves does an optimal solution of the board below take, with {}?",
            rows_goal(self.goal, self.width)?
        );
        let explanation = format!(
            "IDA* with the {} heuristic (admissible, so its first solution is optimal) needs {} iterations (thresholds {}) and finds {length} moves: slide {}.",
            self.kind,
            thresholds.len(),
            sequence(&thresholds),
            list(&moves)
        );
        let mut q = self.blank_question(kind, prompt, Answer::Number(u64::from(length)));
        q.boards.push(ShownBoard::new("start", board));
        q.explanation = explanation;
        Ok(q)
    }
}

/// "the goal blank-last (1 2 3 / 4 5 6 / 7 8 0)".
fn rows_goal(goal: Goal, width: usize) -> Result<String, Error> {
    Ok(format!("the goal {goal} ({})", rows(&goal.board(width)?)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(seed: u64, count: usize, width: usize) -> ExerciseOptions {
        ExerciseOptions {
            seed,
            count,
            width,
            ..ExerciseOptions::default()
        }
    }

    #[test]
    fn same_seed_same_questions_and_prefixes_agree() {
        let a = generate(&options(7, 12, 3)).unwrap();
        assert_eq!(a, generate(&options(7, 12, 3)).unwrap());
        assert_eq!(a[..6], generate(&options(7, 6, 3)).unwrap()[..]);
        assert_ne!(a, generate(&options(8, 12, 3)).unwrap());
    }

    #[test]
    fn every_kind_on_every_width() {
        for width in MIN_WIDTH..=MAX_WIDTH {
            for heuristic in HeuristicKind::ALL {
                let o = ExerciseOptions {
                    heuristic,
                    ..options(3, 6, width)
                };
                let qs = generate(&o).unwrap();
                let kinds: Vec<_> = qs.iter().map(|q| q.kind).collect();
                assert_eq!(kinds, QuestionKind::ALL);
                for q in &qs {
                    if let Some(c) = q.correct {
                        assert!(c < q.choices.len() && q.choices.len() >= 2, "{q:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn bad_options_are_refused() {
        assert!(generate(&options(1, 0, 3)).is_err());
        assert!(generate(&options(1, MAX_COUNT + 1, 3)).is_err());
        assert!(generate(&options(1, 1, 6)).is_err());
        let pdb = ExerciseOptions {
            heuristic: HeuristicKind::Pdb,
            ..options(1, 1, 4)
        };
        assert!(generate(&pdb).unwrap_err().to_string().contains("pdb"));
    }
}
