//! `tilesearch quality`: a heuristic's h beside the true distance h* of every 8-puzzle state
//! (see [`crate::quality`]), as a table or one JSON object. Exit status as for the other
//! commands: 0 written, 2 bad usage, 3 the output could not be written.

use super::{finish, usage_or, SOLVED, USAGE_ERROR};
use crate::board::Goal;
use crate::error::{quote, thousands};
use crate::heuristic::{HeuristicChoice, HeuristicKind};
use crate::quality::{quality, quality_sample, Quality};
use std::fmt::Write as _;
use std::io::Write;

/// The usage text of `tilesearch quality`.
const USAGE: &str = "\
Usage:
  tilesearch quality [--heuristic H] [--goal G] [--width W] [--json]

Measures a heuristic against the true distance h* (the optimal solution's length) of every
one of the 181,440 solvable 8-puzzle states, found by a breadth-first search from the goal:
the mean h and h*, whether h ever exceeds h* (admissible: never), and per distance the
states and their mean h. With --width 4, the 15-puzzle's sample: Korf's 100 instances and
their known optimal lengths.

--heuristic  hamming | manhattan (default) | linear-conflict | pdb (--width 4 only)
--goal       blank-last (default) | blank-first
--width      3 (default: every 8-puzzle state) | 4 (Korf's 100 15-puzzles)
--json       one JSON object: heuristic, goal, width, states, admissible, overestimated,
             meanH, meanDistance, exact, maxDistance, maxH and counts (counts[h*][h]: the
             states at distance h* with estimate h)
";

/// The options of `tilesearch quality`.
struct Options {
    heuristic: HeuristicKind,
    goal: Goal,
    width: usize,
    json: bool,
}

/// Runs `tilesearch quality` with `args` (after the word `quality`); returns the exit status.
pub(super) fn run(args: &[String], stdout: &mut dyn Write, stderr: &mut dyn Write) -> i32 {
    let options = match usage_or(parse(args), USAGE, stdout, stderr) {
        Ok(options) => options,
        Err(status) => return status,
    };
    let measured = match measure(&options) {
        Ok(measured) => measured,
        Err(error) => {
            super::note(stderr, &format!("quality: {error}"));
            return USAGE_ERROR;
        }
    };
    let text = if options.json {
        // Serialising plain data to a String cannot fail.
        serde_json::to_string(&measured).unwrap_or_default() + "\n"
    } else {
        table(&measured)
    };
    let written = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush());
    finish(written, SOLVED, stderr)
}

/// The options of `args`, or `None` for `--help`; a usage error as its message.
fn parse(args: &[String]) -> Result<Option<Options>, String> {
    let mut options = Options {
        heuristic: HeuristicKind::default(),
        goal: Goal::default(),
        width: 3,
        json: false,
    };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-h" | "--help" => return Ok(None),
            "--json" => options.json = true,
            "--width" => {
                let value = args.next().ok_or("--width needs a value")?;
                options.width = match value.as_str() {
                    "3" => 3,
                    "4" => 4,
                    _ => return Err(format!("--width takes 3 (the 8-puzzle, every state) or 4 (Korf's 100 15-puzzles), not {}", quote(value))),
                };
            }
            "--heuristic" | "--goal" => {
                let value = args.next().ok_or_else(|| format!("{arg} needs a value"))?;
                if arg == "--goal" {
                    options.goal = value.parse::<Goal>().map_err(|e| e.to_string())?;
                } else {
                    options.heuristic = value.parse().map_err(|e: crate::Error| e.to_string())?;
                }
            }
            _ => {
                return Err(format!(
                "unknown option {} for quality: it takes --heuristic, --goal, --width and --json",
                quote(arg)
            ))
            }
        }
    }
    if options.heuristic == HeuristicKind::Pdb && options.width == 3 {
        return Err("--heuristic pdb is for the 15-puzzle: add --width 4, or choose hamming, manhattan (default) or linear-conflict".into());
    }
    Ok(Some(options))
}

/// The measure `options` ask for: every 8-puzzle state, or Korf's 100 15-puzzles (pdb's
/// databases loaded or built as `solve` does).
fn measure(options: &Options) -> Result<Quality, crate::Error> {
    if options.width == 3 {
        return quality(options.heuristic, options.goal);
    }
    let databases = (options.heuristic == HeuristicKind::Pdb)
        .then(|| super::pdb_cache::load_or_build(options.goal));
    let choice = HeuristicChoice::new(options.heuristic, 4, options.goal, databases)?;
    quality_sample(&choice, options.goal)
}

/// The figures in words, then one row per distance.
fn table(q: &Quality) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} on the {} (goal {}): {} {}",
        q.heuristic,
        if q.width == 3 {
            "8-puzzle"
        } else {
            "15-puzzle"
        },
        q.goal,
        if q.width == 3 { "all" } else { "Korf's" },
        if q.width == 3 {
            format!("{} solvable states", thousands(q.states))
        } else {
            format!("{} instances", q.states)
        }
    );
    let _ = writeln!(
        out,
        "mean h {:.2} against mean h* {:.2}: h is {:.0}% of the true distance on average; h = h* at {} states",
        q.mean_h,
        q.mean_distance,
        100.0 * q.mean_h / q.mean_distance,
        thousands(q.exact)
    );
    if q.admissible {
        let _ = writeln!(out, "admissible: no state has h > h*");
    } else {
        let _ = writeln!(
            out,
            "not admissible: {} states have h > h*",
            thousands(q.overestimated)
        );
    }
    let _ = writeln!(out, "\n  h*    states  mean h  h from … to");
    for d in 0..q.counts.len() {
        let row = &q.counts[d];
        let low = row.iter().position(|&c| c > 0).unwrap_or(0);
        let high = row.iter().rposition(|&c| c > 0).unwrap_or(0);
        let _ = writeln!(
            out,
            "  {d:>2}  {:>8}  {:>6.2}  {low:>2} … {high}",
            thousands(q.at_distance(d)),
            q.mean_h_at(d).unwrap_or(0.0)
        );
    }
    out
}
