//! The CLI under faults: input that is not UTF-8, output that cannot be written (`/dev/full`),
//! readers that close early, absurd memory guards under a memory limit, control characters and
//! numbers too big to store. Nothing may be lost silently, nothing may panic or abort, and no
//! raw control character reaches the terminal.
//!
//! `PROPTEST_CASES` sets how many random inputs the property tests try (64 by default; `make
//! test-cli-faults-long` runs thousands).

mod common;

use proptest::prelude::*;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_tilesearch");

/// A hard 24-puzzle (Korf's first): no frontier search solves it within any memory we have.
const HARD_24: &str = "14 5 9 2 18 8 23 19 12 17 15 0 10 20 4 6 11 21 1 7 24 3 16 22 13";
const KORF_1: &str = "13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2";

fn run(args: &[&str], stdin: &[u8]) -> Output {
    let (child, writer) = common::spawn_cli(args, stdin.to_vec());
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

/// No panic, no abort, no backtrace.
fn assert_no_crash(out: &Output) {
    let stderr = text(&out.stderr);
    assert!(out.status.code().is_some(), "killed by a signal: {out:?}");
    for sign in [
        "panicked",
        "backtrace",
        "memory allocation",
        "RUST_BACKTRACE",
    ] {
        assert!(!stderr.contains(sign), "{sign}: {stderr}");
    }
}

/// Whether `bytes` hold a control character other than newline and tab (C0, DEL, C1) or a
/// character that reorders text.
fn raw_control(bytes: &[u8]) -> Option<char> {
    String::from_utf8_lossy(bytes).chars().find(|&c| {
        (c.is_control() && c != '\n' && c != '\t')
            || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    })
}

#[test]
fn a_line_that_is_not_utf8_gets_its_own_error_and_the_next_lines_are_solved() {
    let input = b"1 2 3 4 5 6 7 8 8\n\xff\n1 2 3 4 5 6 0 7 8\n";
    let out = run(&["solve", "-"], input);
    assert_no_crash(&out);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines[0].contains("tile 8 appears twice"), "{stdout}");
    assert_eq!(
        lines[1],
        "tilesearch: line 2 is not valid UTF-8 (byte 0xFF at byte 1 of the line): type the tiles as plain text, e.g. 1 2 3 4 5 6 7 8 0"
    );
    assert!(
        lines[2].starts_with("Solved 1 2 3 4 5 6 0 7 8 in 2 moves"),
        "{stdout}"
    );

    let out = run(&["solve", "--json", "-"], input);
    assert_eq!(out.status.code(), Some(1));
    let rows = json_lines(&out);
    let kinds: Vec<&str> = rows
        .iter()
        .map(|r| r["kind"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(kinds, ["duplicate-tile", "not-utf8", ""], "{rows:?}");
    assert_eq!(rows[2]["status"], "solved");

    // A bad byte in the middle of a line, a comment that is not UTF-8 (skipped), a truncated
    // character at the end of the input.
    let out = run(
        &["solve", "--json", "-"],
        b"1 2 3 4 0 6 7 5 8\n# caf\xe9\n1 2 3\xc3( 4 0 6 7 5 8\r\n1 2 3 4 0 6 7 5 \xe2\x82",
    );
    let rows = json_lines(&out);
    assert_eq!(rows.len(), 3, "{rows:?}");
    assert_eq!(rows[0]["status"], "solved");
    assert!(rows[1]["error"]
        .as_str()
        .unwrap()
        .starts_with("line 3 is not valid UTF-8 (byte 0xC3 at byte 6 of the line)"));
    assert!(rows[2]["error"]
        .as_str()
        .unwrap()
        .starts_with("line 4 is not valid UTF-8 (byte 0xE2 at byte 17 of the line)"));
    assert_eq!(out.status.code(), Some(1));

    // trace - names the line too, and exits 1 (not a usage error).
    let out = run(&["trace", "-"], b"1 2 3\n4 \xff 6\n7 5 8\n");
    assert_no_crash(&out);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(
        text(&out.stderr).contains("line 2 is not valid UTF-8 (byte 0xFF at byte 3 of the line)"),
        "{out:?}"
    );
}

/// Runs `args` with standard output on `/dev/full`.
fn to_dev_full(args: &[&str], stdin: &[u8]) -> Output {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(full)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn output_that_cannot_be_written_exits_3_with_a_message() {
    let board = "1 2 3 4 5 6 7 0 8";
    let cases: [(&[&str], &[u8]); 9] = [
        (&["solve", board], b""),
        (&["solve", "--json", board], b""),
        (&["solve", "-"], b"1 2 3 4 5 6 7 0 8\n1 2 3 4 0 6 7 5 8\n"),
        (&["solve", "--json", "-"], b"1 2 3 4 5 6 7 0 8\n"),
        (&["trace", board], b""),
        (&["trace", "-"], b"1 2 3 4 5 6 7 0 8"),
        (&["compare", board], b""),
        (&["compare", "--json", board], b""),
        (&["--help"], b""),
    ];
    for (args, stdin) in cases {
        let out = to_dev_full(args, stdin);
        assert_no_crash(&out);
        assert_eq!(out.status.code(), Some(3), "{args:?}: {out:?}");
        let stderr = text(&out.stderr);
        assert!(
            stderr.starts_with("tilesearch: cannot write the output: No space left on device"),
            "{args:?}: {stderr}"
        );
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    }
}

/// Runs `args`, reads one line of its output and closes the pipe.
fn read_one_line(args: &[&str], stdin: Vec<u8>) -> (String, Output) {
    let (mut child, writer) = common::spawn_cli(args, stdin);
    let mut line = String::new();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    stdout.read_line(&mut line).unwrap();
    drop(stdout);
    let mut stderr = Vec::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_end(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    writer.join().unwrap();
    (
        line,
        Output {
            status,
            stdout: Vec::new(),
            stderr,
        },
    )
}

#[test]
fn a_reader_that_closes_after_one_line_is_a_quiet_success() {
    let many = "1 2 3 4 0 6 7 5 8\n".repeat(20_000).into_bytes();
    let cases: [(&[&str], Vec<u8>); 4] = [
        (&["trace", KORF_1], Vec::new()),
        (&["trace", "--algorithm", "bfs", KORF_1], Vec::new()),
        (&["solve", "-"], many.clone()),
        (&["solve", "--json", "-"], many.clone()),
    ];
    for (args, stdin) in cases {
        let (line, out) = read_one_line(args, stdin);
        assert!(!line.is_empty(), "{args:?}");
        assert_no_crash(&out);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {out:?}");
        assert_eq!(text(&out.stderr), "", "{args:?}");
    }
    // The pipe closing is no error, but a bad board before it still counts.
    let mut bad_first = b"1 2 3 4 4 6 7 5 8\n".to_vec();
    bad_first.extend_from_slice(&many);
    let (line, out) = read_one_line(&["solve", "--json", "-"], bad_first);
    assert!(line.contains("duplicate-tile"), "{line}");
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert_eq!(text(&out.stderr), "");
}

/// Runs `args` with its address space limited to `kib` KiB.
fn with_memory_limit(kib: u64, args: &[&str]) -> Output {
    let mut command = format!("ulimit -v {kib} && exec \"$0\"");
    for i in 1..=args.len() {
        command += &[" \"$", &i.to_string(), "\""].concat();
    }
    Command::new("sh")
        .arg("-c")
        .arg(command)
        .arg(BIN)
        .args(args)
        .output()
        .unwrap()
}

/// Whether the long versions run (`make test-cli-faults-long`).
fn long() -> bool {
    std::env::var_os("TILESEARCH_LONG_FAULTS").is_some()
}

#[test]
fn absurd_memory_guards_give_up_cleanly_under_a_memory_limit() {
    // Beyond the documented maximum: a usage error, before any search.
    let out = with_memory_limit(
        300_000,
        &[
            "solve",
            "--algorithm",
            "bfs",
            "--max-reached",
            "18446744073709551615",
            HARD_24,
        ],
    );
    assert_no_crash(&out);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(
        text(&out.stderr).contains(
            "--max-reached needs a whole number of states from 1 to 1000000000, got \"18446744073709551615\""
        ),
        "{out:?}"
    );
    // The maximum itself: the search runs until memory runs out, then gives up cleanly.
    let algorithms: &[&str] = if long() {
        &["bfs", "dfs", "astar"]
    } else {
        &["bfs", "astar"]
    };
    for &algorithm in algorithms {
        let args = [
            "solve",
            "--algorithm",
            algorithm,
            "--max-reached",
            "1000000000",
            HARD_24,
        ];
        let out = with_memory_limit(300_000, &args);
        assert_no_crash(&out);
        assert_eq!(out.status.code(), Some(1), "{algorithm}: {out:?}");
        let stdout = text(&out.stdout);
        assert!(
            stdout.starts_with(&format!(
                "{algorithm} gave up on {HARD_24}: memory ran out at "
            )),
            "{stdout}"
        );
        assert!(
            stdout.ends_with(" reached states (below the memory guard of 1000000000).\n"),
            "{stdout}"
        );
        let mut json_args = args.to_vec();
        json_args.insert(1, "--json");
        let out = with_memory_limit(300_000, &json_args);
        assert_eq!(out.status.code(), Some(1), "{algorithm}: {out:?}");
        let row = &json_lines(&out)[0];
        assert_eq!(row["status"], "gaveup");
        assert_eq!(row["outOfMemory"], true);
        assert!(row["reached"].as_u64().unwrap() > 100_000, "{row}");
    }
    // The trace ends with the gaveup event, reached below limit.
    let out = with_memory_limit(
        300_000,
        &[
            "trace",
            "--algorithm",
            "bfs",
            "--max-reached",
            "1000000000",
            HARD_24,
        ],
    );
    assert_no_crash(&out);
    assert_eq!(out.status.code(), Some(1), "{:?}", text(&out.stderr));
    let last = text(&out.stdout).lines().last().unwrap_or("").to_string();
    let event: serde_json::Value = serde_json::from_str(&last).unwrap();
    assert_eq!(event["type"], "gaveup");
    assert_eq!(event["limit"], 1_000_000_000u64);
    assert!(event["reached"].as_u64().unwrap() < 1_000_000_000);
    assert!(
        text(&out.stderr).contains(": memory ran out at "),
        "{:?}",
        text(&out.stderr)
    );
}

#[test]
fn give_ups_and_budgets_set_the_exit_status() {
    // compare: every frontier search gives up at a guard of 1.
    let out = run(&["compare", "--max-reached", "1", "1 2 3 4 5 6 0 7 8"], b"");
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let stderr = text(&out.stderr);
    for algorithm in ["bfs", "dfs", "greedy", "astar"] {
        assert!(
            stderr.contains(&format!(
                "tilesearch: {algorithm} gave up on 1 2 3 4 5 6 0 7 8 after 1 reached states (the memory guard; raise it with --max-reached)"
            )),
            "{stderr}"
        );
    }
    let rows = json_lines(&run(
        &[
            "compare",
            "--json",
            "--max-reached",
            "1",
            "1 2 3 4 5 6 0 7 8",
        ],
        b"",
    ));
    let statuses: Vec<&str> = rows.iter().map(|r| r["status"].as_str().unwrap()).collect();
    assert_eq!(statuses, ["gaveup", "gaveup", "gaveup", "gaveup", "solved"]);
    // trace: the gaveup event, a sentence on stderr, exit 1.
    let out = run(
        &[
            "trace",
            "--algorithm",
            "bfs",
            "--max-reached",
            "1",
            "1 2 3 4 5 6 0 7 8",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(text(&out.stdout).ends_with("{\"type\":\"gaveup\",\"reached\":1,\"limit\":1}\n"));
    assert!(text(&out.stderr).contains("bfs gave up on 1 2 3 4 5 6 0 7 8 after 1 reached states"));
    // solve and compare take a node budget: a board it stops is not solved (exit 1).
    let out = run(&["solve", "--max-nodes", "100", KORF_1], b"");
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert_eq!(
        text(&out.stdout),
        format!("ida stopped on {KORF_1} after 100 nodes (--max-nodes); not solved.\n")
    );
    let row = &json_lines(&run(
        &["solve", "--json", "--max-nodes", "100", KORF_1],
        b"",
    ))[0];
    assert_eq!(row["status"], "stopped");
    let out = run(&["compare", "--json", "--max-nodes", "100", HARD_24], b"");
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let rows = json_lines(&out);
    assert_eq!(rows.len(), 5);
    assert!(rows.iter().all(|r| r["status"] == "stopped"), "{rows:?}");
    // A budget large enough changes nothing.
    let out = run(&["solve", "--max-nodes", "1000", "1 2 3 4 0 6 7 5 8"], b"");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    // trace's budget only shortens the trace: exit 0, with a note.
    let out = run(&["trace", "--max-nodes", "3", KORF_1], b"");
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stderr).contains("stopped after 3 nodes (--max-nodes); not solved yet"));
}

#[test]
fn pattern_databases_are_not_built_for_a_board_that_is_rejected() {
    let cache = std::env::temp_dir().join(format!("tilesearch-cli-faults-{}", std::process::id()));
    std::fs::create_dir_all(&cache).unwrap();
    let unsolvable = "2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0";
    for args in [
        vec!["solve", "--heuristic", "pdb", unsolvable],
        vec!["trace", "--heuristic", "pdb", unsolvable],
        vec!["compare", "--heuristic", "pdb", unsolvable],
        vec![
            "solve",
            "--heuristic",
            "pdb",
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
        ],
    ] {
        let out = Command::new(BIN)
            .args(&args)
            .env("TILESEARCH_CACHE", &cache)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}: {out:?}");
        assert!(
            std::fs::read_dir(&cache).unwrap().next().is_none(),
            "{args:?} built the databases"
        );
    }
    std::fs::remove_dir_all(&cache).unwrap();
}

#[test]
fn control_characters_never_reach_the_terminal() {
    let esc = "1 2 3 4 \u{1b}]0;pwned\u{7} 6 7 8 0";
    let cases: Vec<(Vec<&str>, Vec<u8>)> = vec![
        (vec!["solve", esc], vec![]),
        (vec!["solve", "1 2 3 4 \u{1b}[2J 6 7 8 0"], vec![]),
        (vec!["solve", "1 2 3 4 x\u{9b}31m 6 7 8 0"], vec![]),
        (vec!["solve", "1 2 3 4 \u{202e}5 6 7 8 0"], vec![]),
        (vec!["solve", "1 2 3 4 5\r6 7 8 0"], vec![]),
        (vec!["solve", "--json", esc], vec![]),
        (vec!["trace", esc], vec![]),
        (vec!["compare", esc], vec![]),
        (vec!["trace", "-"], format!("{esc}\n").into_bytes()),
        (
            vec!["solve", "-"],
            b"1 2 \x1b[31m 3\n\x07\x08\x7f\n1 2 3 4 5 6 7 \x00 8\n".to_vec(),
        ),
        (vec!["solve", "--heuristic", "\u{1b}[31mred"], vec![]),
        (vec!["solve", "--goal", "\u{1b}]0;x\u{7}", "1"], vec![]),
        (vec!["solve", "--algorithm", "\u{1b}[1m", "1"], vec![]),
        (vec!["solve", "--max-nodes", "\u{1b}[1m", "1"], vec![]),
        (vec!["solve", "--\u{1b}[1m", "1"], vec![]),
        (vec!["\u{1b}[1m"], vec![]),
    ];
    for (args, stdin) in cases {
        let out = run(&args, &stdin);
        assert_no_crash(&out);
        assert!(
            raw_control(&out.stdout).is_none(),
            "{args:?}: {:?}",
            text(&out.stdout)
        );
        assert!(
            raw_control(&out.stderr).is_none(),
            "{args:?}: {:?}",
            text(&out.stderr)
        );
    }
    let out = run(&["solve", esc], b"");
    assert_eq!(
        text(&out.stderr),
        "tilesearch: 1 2 3 4 \\u{1b}]0;pwned\\u{7} 6 7 8 0: \"\\u{1b}\" is not a number: tiles are whole numbers, 0 (or _) for the blank\n"
    );
}

#[test]
fn numbers_too_big_to_store_are_quoted_as_typed() {
    for (board, typed) in [
        (
            "1 2 3 4 5 6 7 8 99999999999999999999999",
            "99999999999999999999999",
        ),
        (
            "1 2 3 4 5 6 7 8 -99999999999999999999",
            "-99999999999999999999",
        ),
        ("1 2 3 4 5 6 7 8 +09", "+09"),
        (
            "1 2 3 / 4 5 6 / 7 8 18446744073709551616",
            "18446744073709551616",
        ),
    ] {
        let out = run(&["solve", board], b"");
        assert_eq!(out.status.code(), Some(1));
        let stderr = text(&out.stderr);
        assert!(
            stderr.contains(&format!(": {typed} is out of range: a 3×3 board holds")),
            "{stderr}"
        );
        assert!(!stderr.contains("9223372036854775807"), "{stderr}");
    }
}

#[test]
fn a_tab_grid_reads_its_empty_cell_as_the_blank() {
    let out = run(&["trace", "-"], b"1\t2\t3\n4\t\t6\n7\t5\t8\n");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let first: serde_json::Value =
        serde_json::from_str(text(&out.stdout).lines().nth(1).unwrap()).unwrap();
    assert_eq!(first["blank"], 4, "{first}");
    let out = run(&["solve", "--json", "1\t2\t3\n4 \t6\n7\t5\t8"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(json_lines(&out)[0]["kind"], "ambiguous-blank");
}

/// One line of random input: a 3×3 board (solvable or not), a comment, blank space, or bytes
/// of every kind (invalid UTF-8, control characters, digits and separators).
fn line() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        Just(Vec::new()),
        Just(b"   \t\r".to_vec()),
        proptest::collection::vec(any::<u8>(), 0..12).prop_map(|mut b| {
            b.insert(0, b'#');
            b
        }),
        Just(b"0 1 2 3 4 5 6 7 8".to_vec()),
        Just(b"1 2 3 4 5 6 7 8 0".to_vec()),
        Just(b"2 1 3 4 5 6 7 8 0".to_vec()),
        proptest::collection::vec(
            prop_oneof![
                any::<u8>(),
                (b'0'..=b'9'),
                Just(b' '),
                Just(b','),
                Just(b'/'),
                Just(b'\r'),
                Just(b'\t'),
                Just(0xffu8),
                Just(0x1bu8),
            ],
            0..24,
        ),
    ]
    .prop_map(|mut line: Vec<u8>| {
        line.retain(|&b| b != b'\n');
        line
    })
}

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(64)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    /// Every line that is not blank or a comment gets exactly one result or error; the exit
    /// status is 0 exactly when every one of them was solved; nothing raw reaches the terminal.
    #[test]
    fn solve_stdin_never_loses_a_line(lines in proptest::collection::vec(line(), 0..10), final_newline: bool) {
        let mut input = lines.join(&b'\n');
        if final_newline && !input.is_empty() {
            input.push(b'\n');
        }
        let expected = input
            .split(|&b| b == b'\n')
            .map(|l| String::from_utf8_lossy(l).trim().to_string())
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .count();
        let out = run(&["solve", "--json", "-"], &input);
        assert_no_crash(&out);
        let rows = json_lines(&out);
        prop_assert_eq!(rows.len(), expected, "{:?}", text(&input));
        let solved = rows.iter().all(|r| r["status"] == "solved");
        prop_assert!(rows.iter().all(|r| r["status"] == "solved" || r["error"].is_string()));
        prop_assert_eq!(out.status.code(), Some(i32::from(!solved)));
        prop_assert!(raw_control(&out.stdout).is_none());
        prop_assert!(out.stderr.is_empty(), "{:?}", text(&out.stderr));
        // The readable form: one error line per bad board, no raw control character.
        let readable = run(&["solve", "-"], &input);
        prop_assert_eq!(readable.status.code(), out.status.code());
        prop_assert!(raw_control(&readable.stdout).is_none());
    }
}

/// Runs `tilesearch args` in a shell with its address space limited to `kib` KiB and its
/// standard input from `input` (a shell pipeline or redirection, e.g. `< /dev/zero`).
fn with_input_under_limit(kib: u64, input: &str, args: &[&str]) -> Output {
    let run = match input.strip_prefix('<') {
        Some(file) => format!("\"$0\" \"$@\" <{file}"),
        None => format!("{input} | \"$0\" \"$@\""),
    };
    Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v \"$1\" && shift && {run}"))
        .arg(BIN)
        .arg(kib.to_string())
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn endless_input_lines_are_named_with_bounded_memory() {
    const LECTURE: &str = "6 4 5 8 2 7 1 0 3";
    // 1 GiB of address space (a line of `/dev/zero` used to ask for 2 GiB and abort).
    let limit = 1 << 20;
    let out = with_input_under_limit(limit, "< /dev/zero", &["check", "--board", LECTURE, "-"]);
    assert_no_crash(&out);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(
        text(&out.stdout)
            .starts_with("line 1: unexpected-event: this line is longer than the 1,048,576 bytes"),
        "{out:?}"
    );
    let out = with_input_under_limit(limit, "< /dev/zero", &["trace", "-"]);
    assert_no_crash(&out);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(text(&out.stderr).contains("line 1 is longer than the 65,536 bytes a board may have"));
    let out = with_input_under_limit(limit, "yes", &["trace", "-"]);
    assert_no_crash(&out);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(text(&out.stderr).contains("more than the 65,536 bytes a board may have"));
    // `solve -` names the long line and goes on with the next.
    let input = "(head -c 50000000 /dev/zero; printf '\\n1 2 3 4 5 6 7 0 8\\n')";
    let out = with_input_under_limit(limit, input, &["solve", "--json", "-"]);
    assert_no_crash(&out);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2, "{out:?}");
    assert_eq!(lines[0]["kind"], "line-too-long");
    assert_eq!(lines[1]["length"], 1);
    let out = with_input_under_limit(limit, input, &["solve", "-"]);
    assert_no_crash(&out);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(text(&out.stdout).contains("tilesearch: line 1 is longer than the 65,536 bytes"));
}

#[test]
fn an_unsolvable_grid_is_written_as_a_board_line() {
    let out = Command::new(BIN)
        .args(["solve", "--json", "2 1 3\n4 5 6\n7 8 0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert_eq!(lines[0]["board"], "2 1 3 4 5 6 7 8 0");
    assert_eq!(lines[0]["kind"], "unsolvable");
    // Text that is no board is quoted on one line, cut short.
    let long = format!("1 2 3\n{}", "9 ".repeat(5000));
    let out = Command::new(BIN)
        .args(["solve", "--json", &long])
        .output()
        .unwrap();
    let board = json_lines(&out)[0]["board"].as_str().unwrap().to_string();
    assert!(board.starts_with("1 2 3 / 9 9"), "{board}");
    assert!(
        board.ends_with(" characters)") && board.len() < 200,
        "{board}"
    );
}

#[test]
fn huge_option_values_are_quoted_short() {
    let huge = "x".repeat(100_000);
    for args in [
        vec!["exercise", "--seed", "1", "--kinds", &huge],
        vec!["solve", "--heuristic", &huge, "1 2 3 4 5 6 7 0 8"],
        vec!["solve", "--order", &huge, "1 2 3 4 5 6 7 0 8"],
        vec!["solve", &huge],
        vec![&huge],
    ] {
        let out = Command::new(BIN).args(&args).output().unwrap();
        assert_no_crash(&out);
        assert_eq!(
            out.status.code(),
            Some(if args[0] == "solve" && args.len() == 2 {
                1
            } else {
                2
            })
        );
        let stderr = text(&out.stderr);
        assert!(
            stderr.len() < 8_000,
            "{} bytes: {}",
            stderr.len(),
            &stderr[..200]
        );
        assert!(
            stderr.contains("…\" (100,000 characters)")
                || stderr.contains("… (100,000 characters)"),
            "{stderr}"
        );
    }
}
