//! `tilesearch check`: a student's IDA* trace checked against the core's, event by event.
//!
//! The student here is the teaching text's own Python solver with trace lines added
//! (`tests/check/ida_star.py`): correct in its own move order (and in others), and with each
//! common mistake, which must be caught at the right line with the right kind. Traces made by
//! the core itself, in every order and cut down to the minimal fields, must pass; a long one
//! streams through.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Output, Stdio};
use tilesearch::check::{Checker, Divergence};
use tilesearch::{Board, Goal, HeuristicChoice, MoveOrder};

const LECTURE: &str = "6 4 5 8 2 7 1 0 3";

fn tilesearch(args: &[&str], stdin: Vec<u8>) -> Output {
    let (child, writer) = common::spawn_cli(args, stdin);
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

/// The Python solver's output on `board`, with `mistake` ("none" for none) and an optional
/// move order.
fn student(board: &str, mistake: &str, order: Option<&str>) -> Vec<u8> {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/check/ida_star.py");
    let mut args = vec![script, board, mistake];
    args.extend(order);
    let out = Command::new("python3")
        .args(&args)
        .stderr(Stdio::inherit())
        .output()
        .expect("python3 runs the teaching text's solver");
    assert!(out.status.success(), "{mistake}: the solver failed");
    out.stdout
}

/// The Python solver piped into `tilesearch check --json`, as a student runs them: the check
/// stops reading at the first divergence and the solver then ends (a mistake may make its
/// search endless).
fn check_student(board: &str, mistake: &str, extra: &[&str]) -> (i32, serde_json::Value) {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/check/ida_star.py");
    let mut solver = Command::new("python3")
        .args([script, board, mistake])
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs the teaching text's solver");
    let mut args = vec!["check", "--json", "--board", board];
    args.extend(extra);
    args.push("-");
    let out = Command::new(env!("CARGO_BIN_EXE_tilesearch"))
        .args(&args)
        .stdin(solver.stdout.take().unwrap())
        .output()
        .unwrap();
    solver.wait().unwrap();
    let value = serde_json::from_slice(&out.stdout).unwrap();
    (out.status.code().unwrap(), value)
}

fn check_json(board: &str, trace: Vec<u8>, extra: &[&str]) -> (i32, serde_json::Value) {
    let mut args = vec!["check", "--json", "--board", board];
    args.extend(extra);
    args.push("-");
    let out = tilesearch(&args, trace);
    let text = String::from_utf8(out.stdout).unwrap();
    let value = serde_json::from_str(text.trim()).unwrap_or_else(|e| {
        panic!(
            "{text:?}: {e}; stderr {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (out.status.code().unwrap(), value)
}

#[test]
fn the_teaching_texts_solver_is_correct_in_its_own_order() {
    let (status, v) = check_json(LECTURE, student(LECTURE, "none", None), &[]);
    assert_eq!(status, 0, "{v}");
    assert_eq!(v["ok"], true);
    assert_eq!(v["line"], serde_json::Value::Null);
    assert_eq!(v["kind"], serde_json::Value::Null);
    assert_eq!(v["order"], "udlr", "inferred from the trace");
    assert_eq!(v["summary"]["length"], 25);
    assert_eq!(v["summary"]["iterations"], 5);
    assert!(v["message"].as_str().unwrap().starts_with("correct IDA*"));
    // Told the order, the same; told another, the first child out of that order.
    let (status, _) = check_json(
        LECTURE,
        student(LECTURE, "none", None),
        &["--order", "udlr"],
    );
    assert_eq!(status, 0);
    let (status, v) = check_json(
        LECTURE,
        student(LECTURE, "none", None),
        &["--order", "lrud"],
    );
    assert_eq!(status, 1);
    assert_eq!(v["kind"], "missing-event");
    assert_eq!(v["line"], 3);
}

#[test]
fn other_solvers_orders_are_inferred() {
    for order in ["urdl", "rdlu", "dlru", "lrud", "ludr"] {
        for board in [LECTURE, "8 1 3 4 0 2 7 6 5", "1 2 3 4 5 6 0 7 8"] {
            let (status, v) = check_json(board, student(board, "none", Some(order)), &[]);
            assert_eq!(status, 0, "{order} {board}: {v}");
            // An order is fixed as far as the trace shows it: it replays the same trace.
            let found = v["order"].as_str().unwrap();
            let replay = check_json(
                board,
                student(board, "none", Some(order)),
                &["--order", found],
            );
            assert_eq!(replay.0, 0, "{order} {board}: {found}");
        }
    }
}

/// Each mistake: (the solver's mistake, the line, the kind, words of the message).
const MISTAKES: &[(&str, u64, &str, &str)] = &[
    // The teaching text's common mistakes.
    (
        "count-blank",
        1,
        "first-threshold",
        "blank counted as a tile",
    ),
    (
        "no-reverse-check",
        11,
        "reverse-move",
        "undoes the move into its parent (line 10)",
    ),
    (
        "return-bound",
        6,
        "wrong-raise",
        "returns the bound instead of the f",
    ),
    ("inflated", 1, "first-threshold", "twice h"),
    ("goal-off-by-one", 4, "wrong-h", "goal cells one place off"),
    (
        "no-undo",
        4,
        "wrong-h",
        "previous child's move is not undone",
    ),
    // And the rest of the kinds.
    ("wrong-g", 10, "wrong-g", "so g = 2, not 3"),
    ("wrong-f", 11, "wrong-f", "f = g + h = 3 + 16 = 19, not 20"),
    (
        "prune-at-bound",
        2,
        "wrongly-pruned",
        "it is visited, never pruned",
    ),
    ("no-prune", 3, "not-pruned", "19 > threshold 17"),
    ("skip-down", 21, "missing-event", "tile 1 slides"),
    (
        "repeat-child",
        15,
        "unexpected-event",
        "each child is generated once",
    ),
    ("no-goal-test", 5440, "missed-goal", "line 5439 is the goal"),
    (
        "wrong-length",
        5440,
        "wrong-solution",
        "reached in 25 moves",
    ),
];

#[test]
fn every_mistake_is_caught_at_its_line() {
    for &(mistake, line, kind, words) in MISTAKES {
        let (status, v) = check_student(LECTURE, mistake, &[]);
        assert_eq!(status, 1, "{mistake}: {v}");
        assert_eq!(v["ok"], false);
        assert_eq!(
            (v["line"].as_u64(), v["kind"].as_str()),
            (Some(line), Some(kind)),
            "{mistake}: {v}"
        );
        let message = v["message"].as_str().unwrap();
        assert!(message.contains(words), "{mistake}: {message}");
        // The student's own line, as written.
        assert!(v["got"].is_object(), "{mistake}: {v}");
    }
}

#[test]
fn a_verdict_quotes_the_line_and_the_lines_that_matched_before_it() {
    let (_, v) = check_student(LECTURE, "wrong-f", &[]);
    assert_eq!(v["line"], 11);
    assert_eq!(
        v["text"],
        r#"{"type": "node", "g": 3, "h": 16, "f": 20, "tile": 6}"#
    );
    let context = v["context"].as_array().unwrap();
    let lines: Vec<u64> = context
        .iter()
        .map(|m| m["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [8, 9, 10]);
    for m in context {
        // Each line beside the search's event it matched.
        for key in ["type", "g", "h", "f", "tile"] {
            assert_eq!(m["got"][key], m["expected"][key], "{m}");
        }
    }
    // A line that is no JSON is quoted as written, the lines before it still listed.
    let trace = "moves: none\n{\"type\":\"iteration\",\"threshold\":17}\n{oops\n";
    let (_, v) = check_json(LECTURE, trace.as_bytes().to_vec(), &[]);
    assert_eq!(
        (v["line"].as_u64(), v["text"].as_str()),
        (Some(3), Some("{oops"))
    );
    assert_eq!(v["got"], serde_json::Value::Null);
    assert_eq!(v["context"][0]["line"], 2);
    assert_eq!(v["context"][0]["expected"]["type"], "iteration");
}

#[test]
fn the_human_form_names_line_kind_and_both_events() {
    let text = String::from_utf8(student(LECTURE, "none", None)).unwrap();
    // The first child visited, although f = 19 > 17.
    let trace: String = text
        .lines()
        .enumerate()
        .map(|(i, l)| if i == 2 { l.replace("prune", "node") } else { l.to_string() } + "\n")
        .collect();
    let out = tilesearch(&["check", "--board", LECTURE, "-"], trace.into_bytes());
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("line 3: not-pruned: f = g + h = 1 + 18 = 19 > threshold 17"),
        "{text}"
    );
    assert!(
        text.contains("  yours:    {\"f\":19") || text.contains("  yours:    {"),
        "{text}"
    );
    assert!(text.contains("  expected: {\"type\":\"prune\""), "{text}");
    let out = tilesearch(
        &["check", "--board", LECTURE, "-"],
        student(LECTURE, "none", None),
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8(out.stdout)
        .unwrap()
        .starts_with("ok: correct IDA*: 5 iterations"));
}

/// The core's own trace in `order`, cut down to the fields a student prints.
fn minimal_trace(board: &str, heuristic: &str, order: &str) -> Vec<u8> {
    let out = tilesearch(
        &["trace", "--heuristic", heuristic, "--order", order, board],
        Vec::new(),
    );
    assert_eq!(out.status.code(), Some(0));
    let mut trace = Vec::new();
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let keep: &[&str] = match v["type"].as_str().unwrap() {
            "iteration" => &["type", "threshold"],
            "node" | "prune" => &["type", "g", "h", "f", "tile"],
            "raise" => &["type", "from", "to"],
            "solved" => &["type", "length", "moves"],
            _ => continue, // backtrack: never required
        };
        let small: serde_json::Map<_, _> = keep
            .iter()
            .map(|k| (k.to_string(), v[*k].clone()))
            .collect();
        writeln!(trace, "{}", serde_json::Value::Object(small)).unwrap();
    }
    trace
}

#[test]
fn the_cores_own_traces_pass_in_every_order() {
    for order in MoveOrder::all() {
        let trace = minimal_trace(LECTURE, "manhattan", &order.name());
        let (status, v) = check_json(LECTURE, trace, &["--order", &order.name()]);
        assert_eq!(status, 0, "{order}: {v}");
    }
    // With other heuristics, goals and a 15-puzzle, the order inferred.
    for (board, heuristic, goal) in [
        ("5 1 3 4 0 2 7 8 6", "hamming", "blank-last"),
        ("1 2 3 4 5 6 0 7 8", "linear-conflict", "blank-first"),
        (
            "1 2 3 4 5 6 7 8 9 10 0 11 13 14 15 12",
            "manhattan",
            "blank-last",
        ),
    ] {
        let mut args = vec![
            "trace",
            "--heuristic",
            heuristic,
            "--goal",
            goal,
            "--order",
            "dlur",
            board,
        ];
        let out = tilesearch(&args, Vec::new());
        args.clear();
        let (status, v) = check_json(
            board,
            out.stdout,
            &["--heuristic", heuristic, "--goal", goal],
        );
        assert_eq!(status, 0, "{board}: {v}");
    }
}

#[test]
fn a_long_trace_streams_through() {
    // About 480,000 lines (33 MB) from one process to the other, never held whole.
    let board = "3 5 7 4 0 14 12 13 15 9 8 1 11 6 2 10";
    let exe = env!("CARGO_BIN_EXE_tilesearch");
    let mut tracer = Command::new(exe)
        .args(["trace", "--heuristic", "linear-conflict", board])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let checker = Command::new(exe)
        .args([
            "check",
            "--json",
            "--heuristic",
            "linear-conflict",
            "--board",
            board,
            "-",
        ])
        .stdin(tracer.stdout.take().unwrap())
        .output()
        .unwrap();
    assert!(tracer.wait().unwrap().success());
    assert_eq!(checker.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&checker.stdout).unwrap();
    assert_eq!(v["summary"]["length"], 49);
    assert_eq!(v["summary"]["visited"], 159_000);
}

#[test]
fn an_early_end_is_truncated_and_extra_lines_unexpected() {
    let full = student(LECTURE, "none", None);
    let lines: Vec<&[u8]> = full.split(|&b| b == b'\n').collect();
    let first: Vec<u8> = lines[..100].join(&b'\n');
    let (status, v) = check_json(LECTURE, first, &[]);
    assert_eq!((status, v["kind"].as_str()), (1, Some("truncated")), "{v}");
    assert_eq!(v["line"], serde_json::Value::Null);
    assert!(v["expected"].is_object());
    // An empty input is no trace at all (nothing was saved, or standard input was closed):
    // exit 3, as for a trace that cannot be read.
    let out = tilesearch(&["check", "--json", "--board", LECTURE, "-"], Vec::new());
    assert_eq!(out.status.code(), Some(3));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("the trace is empty"));
    let closed = Command::new(env!("CARGO_BIN_EXE_tilesearch"))
        .args(["check", "--board", LECTURE, "-"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(closed.status.code(), Some(3));
    // The solver's own "moves: …" line is skipped; an event after the solution is not.
    let mut extra = full.clone();
    extra.extend_from_slice(b"{\"type\":\"iteration\",\"threshold\":27}\n");
    let (status, v) = check_json(LECTURE, extra, &[]);
    assert_eq!(
        (status, v["kind"].as_str()),
        (1, Some("unexpected-event")),
        "{v}"
    );
}

#[test]
fn lines_that_are_not_events_are_named() {
    for (line, words) in [
        ("{\"type\":\"node\"", "not a JSON event object"),
        ("{\"g\":1}", "needs a \"type\""),
        ("{\"type\":\"visit\"}", "\"visit\" is not an event type"),
        ("{\"type\":\"node\",\"g\":0,\"h\":17}", "needs \"f\""),
        ("{\"type\":\"iteration\"}", "needs \"threshold\""),
    ] {
        let trace = format!("{{\"type\":\"iteration\",\"threshold\":17}}\n{line}\n");
        let (status, v) = check_json(LECTURE, trace.into_bytes(), &[]);
        assert_eq!(
            (status, v["line"].as_u64(), v["kind"].as_str()),
            (1, Some(2), Some("unexpected-event")),
            "{line}"
        );
        assert!(
            v["message"].as_str().unwrap().contains(words),
            "{line}: {v}"
        );
    }
}

#[test]
fn numbers_at_the_ends_of_their_range_are_named_not_overflowed() {
    // The largest whole number a line may hold: 2^53 - 1, what every JSON writer gives exactly.
    let max = (1i64 << 53) - 1;
    for (second, kind) in [
        (
            format!(r#"{{"type":"node","g":{max},"h":{max},"f":{max},"tile":null}}"#),
            "wrong-g",
        ),
        (
            format!(r#"{{"type":"node","g":0,"h":{max},"f":-{max},"tile":null}}"#),
            "wrong-h",
        ),
        (
            format!(r#"{{"type":"prune","g":{max},"h":1,"f":1,"tile":{max}}}"#),
            "wrong-g",
        ),
        (
            format!(r#"{{"type":"raise","from":-{max},"to":{max}}}"#),
            "missing-event",
        ),
    ] {
        let trace = format!("{{\"type\":\"iteration\",\"threshold\":17}}\n{second}\n");
        let (status, v) = check_json(LECTURE, trace.into_bytes(), &[]);
        assert_eq!(
            (status, v["line"].as_u64(), v["kind"].as_str()),
            (1, Some(2), Some(kind)),
            "{second}: {v}"
        );
    }
    let trace = format!("{{\"type\":\"iteration\",\"threshold\":{max}}}\n");
    let (_, v) = check_json(LECTURE, trace.into_bytes(), &[]);
    assert_eq!(v["kind"], "first-threshold");
    for big in [max + 1, i64::MAX, i64::MIN] {
        let trace = format!("{{\"type\":\"iteration\",\"threshold\":{big}}}\n");
        let (status, v) = check_json(LECTURE, trace.into_bytes(), &[]);
        assert_eq!((status, v["kind"].as_str()), (1, Some("unexpected-event")));
        assert!(v["message"].as_str().unwrap().contains("2^53 - 1"), "{v}");
    }
}

#[test]
fn a_byte_order_mark_or_utf16_reads_as_the_same_trace() {
    let trace = student(LECTURE, "none", None);
    let (status, plain) = check_json(LECTURE, trace.clone(), &[]);
    assert_eq!((status, plain["ok"].as_bool()), (0, Some(true)), "{plain}");
    let text = String::from_utf8(trace.clone()).unwrap();
    let mut bom = b"\xEF\xBB\xBF".to_vec();
    bom.extend_from_slice(&trace);
    let le: Vec<u8> = std::iter::once('\u{feff}')
        .chain(text.chars())
        .collect::<String>()
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    let be: Vec<u8> = std::iter::once('\u{feff}')
        .chain(text.replace('\n', "\r\n").chars())
        .collect::<String>()
        .encode_utf16()
        .flat_map(u16::to_be_bytes)
        .collect();
    for (name, bytes) in [
        ("UTF-8 with a BOM", bom),
        ("UTF-16LE", le),
        ("UTF-16BE, CRLF", be),
    ] {
        let (status, v) = check_json(LECTURE, bytes, &[]);
        assert_eq!((status, &v), (0, &plain), "{name}");
    }
}

#[test]
fn an_endless_line_is_named_with_bounded_memory() {
    // A line of 64 MiB of zeros after a good first line: the check names line 2 and stops,
    // holding at most one line's bound (1 MiB) of it, whatever the line's length.
    let mut trace = b"{\"type\":\"iteration\",\"threshold\":17}\n".to_vec();
    trace.resize(trace.len() + (64 << 20), b'0');
    let (status, v) = check_json(LECTURE, trace, &[]);
    assert_eq!(
        (status, v["line"].as_u64(), v["kind"].as_str()),
        (1, Some(2), Some("unexpected-event")),
        "{v}"
    );
    assert!(
        v["message"]
            .as_str()
            .unwrap()
            .starts_with("this line is longer than the 1,048,576 bytes an event may have"),
        "{v}"
    );
}

#[test]
fn bad_usage_exits_2_with_a_specific_message() {
    for (args, words) in [
        (vec!["check", "-"], "needs the start board"),
        (vec!["check", "--board", LECTURE], "needs the trace"),
        (
            vec!["check", "--board", "1 2 3 4 5 6 8 7 0", "-"],
            "unsolvable",
        ),
        (
            vec!["check", "--board", LECTURE, "--order", "lrd", "-"],
            "give l, r, u and d once each",
        ),
        (
            vec!["check", "--board", LECTURE, "--algorithm", "bfs", "-"],
            "checks IDA* traces",
        ),
        (
            vec!["check", "--board", LECTURE, "/no/such/trace"],
            "cannot open the trace",
        ),
        (
            vec!["check", "--board", LECTURE, "a", "b"],
            "takes one trace",
        ),
        (vec!["solve", "--board", LECTURE], "unknown option"),
    ] {
        let out = tilesearch(&args, Vec::new());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(words), "{args:?}: {err}");
    }
}

#[test]
fn the_library_checks_text_the_same_way() {
    let board: Board = LECTURE.parse().unwrap();
    // The first 40 lines of a solver whose search never ends.
    let mut solver = Command::new("python3")
        .args([
            concat!(env!("CARGO_MANIFEST_DIR"), "/tests/check/ida_star.py"),
            LECTURE,
            "no-reverse-check",
        ])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let text: String = BufReader::new(solver.stdout.take().unwrap())
        .lines()
        .take(40)
        .map(|l| l.unwrap() + "\n")
        .collect();
    solver.kill().unwrap();
    solver.wait().unwrap();
    let verdict = Checker::check_text(
        board,
        Goal::BlankLast,
        HeuristicChoice::Manhattan,
        None,
        &text,
    )
    .unwrap();
    assert_eq!(
        (verdict.line, verdict.kind),
        (Some(11), Some(Divergence::ReverseMove))
    );
    // The position of the expected event in the core's own trace, in the order followed.
    let text = String::from_utf8(student(LECTURE, "none", None)).unwrap();
    let wrong: String = text
        .lines()
        .enumerate()
        .map(|(i, l)| if i == 40 { l.replace("\"h\": ", "\"h\": 1") } else { l.to_string() } + "\n")
        .collect();
    let verdict = Checker::check_text(
        board,
        Goal::BlankLast,
        HeuristicChoice::Manhattan,
        None,
        &wrong,
    )
    .unwrap();
    assert_eq!(
        (verdict.line, verdict.kind),
        (Some(41), Some(Divergence::WrongH))
    );
    let order: MoveOrder = verdict.order.parse().unwrap();
    let mut search =
        tilesearch::ida_star_in_order(board, Goal::BlankLast, HeuristicChoice::Manhattan, order)
            .unwrap();
    search.seek(verdict.position);
    assert_eq!(search.step(), verdict.expected);
}
