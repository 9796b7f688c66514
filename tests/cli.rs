//! The `tilesearch` command as users (and the project's acceptance checks) drive it.

mod common;

use std::process::Output;

fn tilesearch(args: &[&str], stdin: &str) -> Output {
    let (child, writer) = common::spawn_cli(args, stdin.as_bytes().to_vec());
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

#[test]
fn solve_json_gives_length_moves_and_counters() {
    let out = tilesearch(&["solve", "--json", "6 4 5 8 2 7 1 0 3"], "");
    assert_eq!(out.status.code(), Some(0));
    let v = &json_lines(&out)[0];
    assert_eq!(v["length"], 25);
    assert_eq!(v["moves"].as_array().unwrap().len(), 25);
    assert!(v["expanded"].as_u64().unwrap() > 0);
    assert!(v["generated"].as_u64().unwrap() > v["expanded"].as_u64().unwrap());
    assert_eq!(v["iterations"][0]["threshold"], 17);
}

#[test]
fn solve_accepts_unquoted_tiles_and_every_option() {
    for h in ["hamming", "manhattan", "linear-conflict"] {
        for g in ["blank-last", "blank-first"] {
            let out = tilesearch(
                &[
                    "solve",
                    "--json",
                    "--heuristic",
                    h,
                    &format!("--goal={g}"),
                    "1",
                    "2",
                    "3",
                    "4",
                    "0",
                    "6",
                    "7",
                    "5",
                    "8",
                ],
                "",
            );
            let v = &json_lines(&out)[0];
            assert_eq!(out.status.code(), Some(0), "{h} {g}");
            assert_eq!(v["heuristic"], h);
            assert_eq!(v["goal"], g);
        }
    }
    let v = &json_lines(&tilesearch(&["solve", "--json", "1 2 3 4 0 6 7 5 8"], ""))[0];
    assert_eq!(v["moves"], serde_json::json!([5, 8]));
}

#[test]
fn batch_mode_goes_on_after_bad_lines() {
    let input = "1 2 3 4 0 6 7 5 8\n\n# a comment\n1 2 3 4 4 6 7 8 0\n2 1 3 4 5 6 7 8 0\n6,4,5,8,2,7,1,0,3\n";
    let out = tilesearch(&["solve", "--json", "-"], input);
    assert_eq!(
        out.status.code(),
        Some(1),
        "a bad line makes the exit status 1"
    );
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["length"], 2);
    assert!(lines[1]["error"]
        .as_str()
        .unwrap()
        .contains("tile 4 appears twice"));
    assert_eq!(lines[1]["kind"], "duplicate-tile");
    assert!(lines[2]["error"].as_str().unwrap().contains("unsolvable"));
    assert_eq!(lines[3]["length"], 25);
    let good = tilesearch(
        &["solve", "--json", "-"],
        "1 2 3 4 0 6 7 5 8\n1 2 3 4 5 6 7 0 8\n",
    );
    assert_eq!(good.status.code(), Some(0));
    assert_eq!(json_lines(&good).len(), 2);
}

#[test]
fn readable_output_uses_the_lecture_grid() {
    let out = tilesearch(&["solve", "6 4 5 8 2 7 1 0 3"], "");
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("in 25 moves"), "{text}");
    assert!(text.contains("Start:\n6 4 5\n8 2 7\n1   3\n"), "{text}");
    assert!(text.contains("Step 1:\n6 4 5\n8 2 7\n  1 3\n"), "{text}");
    assert!(text.contains("Step 25:\n1 2 3\n4 5 6\n7 8\n"), "{text}");
}

#[test]
fn invalid_and_unsolvable_boards_exit_1_with_the_reason() {
    let out = tilesearch(&["solve", "1 2 3 4 5 6 7 8"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the blank (0) is missing"));
    let out = tilesearch(&["solve", "--json", "2 1 3 4 5 6 7 8 0"], "");
    assert_eq!(out.status.code(), Some(1));
    let v = &json_lines(&out)[0];
    assert!(v["error"].as_str().unwrap().contains("1 inversion "), "{v}");
    assert_eq!(v["kind"], "unsolvable");
}

#[test]
fn bad_usage_exits_2() {
    for args in [
        vec![],
        vec!["frobnicate"],
        vec!["solve"],
        vec!["solve", "--heuristic", "euclid", "1 2 3 4 5 6 7 8 0"],
        vec!["solve", "--goal", "middle", "1 2 3 4 5 6 7 8 0"],
        vec!["solve", "--heuristic"],
        vec!["solve", "--bogus", "1 2 3 4 5 6 7 8 0"],
        vec!["trace", "--json", "1 2 3 4 5 6 7 8 0"],
        vec!["trace", "--max-nodes", "ten", "1 2 3 4 5 6 7 8 0"],
        vec!["solve", "--max-nodes", "-3", "1 2 3 4 5 6 7 8 0"],
        vec!["solve", "--max-reached", "0", "1 2 3 4 5 6 7 8 0"],
        vec!["solve", "--json=false", "1 2 3 4 5 6 7 8 0"],
        vec!["solve", "--json=", "1 2 3 4 5 6 7 8 0"],
        vec!["solve", "--max-reached", "5", "1 2 3 4 5 6 7 8 0"],
        vec!["trace", "--max-reached", "5", "1 2 3 4 5 6 7 8 0"],
        vec![
            "solve",
            "--algorithm",
            "bfs",
            "--max-reached",
            "1000000001",
            "1 2 3 4 5 6 7 8 0",
        ],
        vec![
            "solve",
            "--algorithm",
            "bfs",
            "--max-reached",
            "18446744073709551615",
            "1 2 3 4 5 6 7 8 0",
        ],
        vec!["compare", "--algorithm", "bfs", "1 2 3 4 5 6 7 8 0"],
    ] {
        let out = tilesearch(&args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("Usage:"),
            "{args:?}"
        );
    }
    let out = tilesearch(&["solve", "--heuristic", "euclid", "1 2 3 4 5 6 7 8 0"], "");
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown heuristic \"euclid\""));
    let json = tilesearch(&["solve", "--json=false", "1 2 3 4 5 6 7 8 0"], "");
    assert!(
        String::from_utf8_lossy(&json.stderr).contains("--json takes no value"),
        "{json:?}"
    );
    assert!(json.stdout.is_empty());
    let ida = tilesearch(&["solve", "--max-reached", "5", "1 2 3 4 5 6 7 8 0"], "");
    assert!(
        String::from_utf8_lossy(&ida.stderr).contains("ida keeps only its path in memory"),
        "{ida:?}"
    );
    let huge = tilesearch(
        &[
            "solve",
            "--algorithm",
            "bfs",
            "--max-reached",
            "18446744073709551615",
            "1 2 3 4 5 6 7 8 0",
        ],
        "",
    );
    assert!(
        String::from_utf8_lossy(&huge.stderr).contains("from 1 to 1000000000"),
        "{huge:?}"
    );
    let help = tilesearch(&["--help"], "");
    assert_eq!(help.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&help.stdout).contains("tilesearch solve"));
}

#[test]
fn trace_prints_the_event_stream() {
    let out = tilesearch(&["trace", "1 2 3 4 0 6 7 5 8"], "");
    assert_eq!(out.status.code(), Some(0));
    let events = json_lines(&out);
    let types: Vec<&str> = events.iter().map(|e| e["type"].as_str().unwrap()).collect();
    assert_eq!(
        types,
        [
            "iteration",
            "node",
            "prune",
            "prune",
            "prune",
            "node",
            "prune",
            "node",
            "solved"
        ]
    );
    assert_eq!(events[1]["parent"], serde_json::Value::Null);
    assert_eq!(events[1]["tile"], serde_json::Value::Null);
    assert_eq!(events[2]["threshold"], 2);
    // The grid read from standard input, blank as a space.
    let grid = tilesearch(&["trace", "-"], "1 2 3\n4   6\n7 5 8\n");
    assert_eq!(json_lines(&grid), events);
    // A budget stops the trace.
    let some = tilesearch(&["trace", "--max-nodes", "3", "6 4 5 8 2 7 1 0 3"], "");
    assert_eq!(some.status.code(), Some(0));
    let ids = json_lines(&some)
        .iter()
        .filter(|e| e.get("id").is_some() && e["type"] != "backtrack")
        .count();
    assert_eq!(ids, 3);
    assert!(String::from_utf8_lossy(&some.stderr).contains("stopped after 3 nodes"));
    let bad = tilesearch(&["trace", "1 2 3"], "");
    assert_eq!(bad.status.code(), Some(1));
}

#[test]
fn a_closed_pipe_is_not_a_crash() {
    let (mut child, writer) = common::spawn_cli(
        &["trace", "13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2"],
        Vec::new(),
    );
    let mut stdout = child.stdout.take().unwrap();
    let mut buf = [0u8; 4096];
    std::io::Read::read_exact(&mut stdout, &mut buf).unwrap();
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

#[test]
fn algorithms_and_the_comparison_table() {
    let out = tilesearch(
        &["solve", "--json", "--algorithm", "bfs", "6 4 5 8 2 7 1 0 3"],
        "",
    );
    assert_eq!(out.status.code(), Some(0));
    let v = &json_lines(&out)[0];
    assert_eq!(v["algorithm"], "bfs");
    assert_eq!(v["length"], 25);
    assert_eq!(v["expanded"], 145_605);
    assert!(v["maxFrontier"].as_u64().unwrap() > 0);
    let table = tilesearch(&["compare", "6 4 5 8 2 7 1 0 3"], "");
    assert_eq!(table.status.code(), Some(0));
    let text = String::from_utf8(table.stdout).unwrap();
    for name in ["bfs", "dfs", "greedy", "astar", "ida"] {
        assert!(text.lines().any(|l| l.starts_with(name)), "{text}");
    }
    let rows = json_lines(&tilesearch(&["compare", "--json", "1 2 3 4 0 6 7 5 8"], ""));
    assert_eq!(rows.len(), 5);
    assert!(rows.iter().all(|r| r["length"] == 2));
    let guard = tilesearch(
        &[
            "solve",
            "--algorithm",
            "bfs",
            "--max-reached",
            "1000",
            "13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2",
        ],
        "",
    );
    assert_eq!(guard.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&guard.stdout).contains("gave up"));
    let bad = tilesearch(
        &["solve", "--algorithm", "dijkstra", "1 2 3 4 0 6 7 5 8"],
        "",
    );
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown algorithm \"dijkstra\""));
}

/// Standard output with the seconds taken left out (the one part that differs between runs).
fn without_seconds(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|line| match line.rsplit_once(", ") {
            Some((counts, seconds))
                if line.starts_with("Expanded ") && seconds.ends_with(" s.") =>
            {
                format!("{counts}, … s.")
            }
            _ => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn solve_by_default_prints_what_the_sequential_search_does() {
    // 8-, 15- and 24-puzzles and lines that fail, in text and JSON, in several orders, goals
    // and heuristics: every core by default, one thread with --threads 1, the same bytes.
    let blank_last = [
        "6 4 5 8 2 7 1 0 3",
        "8 6 7 2 5 4 3 0 1",
        // Korf #12, 45 moves.
        "1 3 5 6 0 13 14 9 11 4 8 12 10 7 15 2",
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 0",
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 0 24",
        "2 1 3 4 5 6 7 8 0",
        "1 2 3 4 4 6 7 5 8",
    ];
    // Hamming is slow beyond the 8-puzzle: boards a few moves from the goal there.
    let blank_first = [
        "6 4 5 8 2 7 1 0 3",
        "8 6 7 2 5 4 3 0 1",
        "4 1 2 3 5 0 6 7 8 9 10 11 12 13 14 15",
        "5 1 2 3 4 0 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24",
        "1 0 2 3 4 5 6 8 7",
    ];
    let variants: [(&[&str], &[&str]); 4] = [
        (&[], &blank_last),
        (&["--json"], &blank_last),
        (
            &["--order", "udlr", "--heuristic", "linear-conflict"],
            &blank_last,
        ),
        (
            &["--json", "--goal", "blank-first", "--heuristic", "hamming"],
            &blank_first,
        ),
    ];
    for (options, lines) in variants {
        let input = lines.join("\n") + "\n";
        let args = |threads: &[&'static str], board: &'static str| {
            let mut args = vec!["solve"];
            args.extend_from_slice(options);
            args.extend_from_slice(threads);
            args.push(board);
            args
        };
        let default = tilesearch(&args(&[], "-"), &input);
        let one = tilesearch(&args(&["--threads", "1"], "-"), &input);
        assert_eq!(
            default.status.code(),
            Some(1),
            "{options:?}: the failing lines"
        );
        assert_eq!(one.status.code(), Some(1), "{options:?}");
        assert_eq!(
            without_seconds(&default),
            without_seconds(&one),
            "{options:?}"
        );
        assert_eq!(default.stderr, one.stderr, "{options:?}");
        assert!(without_seconds(&default).contains("8 6 7 2 5 4 3 0 1"));
        // One board as an argument: exit 0 both ways.
        let default = tilesearch(&args(&[], lines[2]), "");
        let one = tilesearch(&args(&["--threads", "1"], lines[2]), "");
        assert_eq!(default.status.code(), Some(0), "{options:?}");
        assert_eq!(
            without_seconds(&default),
            without_seconds(&one),
            "{options:?}"
        );
    }
}

#[test]
fn solve_with_a_node_budget_is_the_sequential_search() {
    // --max-nodes counts the sequential search's nodes: without --threads the budget stops it
    // exactly where --threads 1 does (a parallel run could not stop there).
    let korf_12 = "1 3 5 6 0 13 14 9 11 4 8 12 10 7 15 2";
    for budget in ["1", "1000", "123457"] {
        let default = tilesearch(&["solve", "--json", "--max-nodes", budget, korf_12], "");
        let one = tilesearch(
            &[
                "solve",
                "--json",
                "--threads",
                "1",
                "--max-nodes",
                budget,
                korf_12,
            ],
            "",
        );
        assert_eq!(default.status.code(), Some(1), "stopped, not solved");
        assert_eq!(default.stdout, one.stdout, "--max-nodes {budget}");
        let row = &json_lines(&default)[0];
        assert_eq!(row["status"], "stopped");
        let iterations = row["iterations"].as_array().unwrap();
        let nodes: u64 = iterations
            .iter()
            .map(|i| i["visited"].as_u64().unwrap() + i["pruned"].as_u64().unwrap())
            .sum();
        assert_eq!(nodes.to_string(), budget, "{row}");
    }
    // A budget large enough: solved, as without one.
    let budgeted = tilesearch(
        &["solve", "--json", "--max-nodes", "100000000", korf_12],
        "",
    );
    let free = tilesearch(&["solve", "--json", korf_12], "");
    assert_eq!(budgeted.status.code(), Some(0));
    assert_eq!(budgeted.stdout, free.stdout);
}

#[test]
fn solve_with_pattern_databases_prints_the_same_on_every_core() {
    // One build of the databases into a cache of the test's own, then Korf instances with
    // pdb: by default, on one thread and on two, the same bytes.
    let cache = std::env::temp_dir().join(format!("tilesearch-cli-pdb-{}", std::process::id()));
    let goal = tilesearch::Goal::BlankFirst;
    let input: String = [1, 12, 42, 55]
        .map(|n| common::korf(goal)[n - 1].1.to_line() + "\n")
        .concat();
    let run = |threads: &[&str]| {
        let mut args = vec![
            "solve",
            "--json",
            "--heuristic",
            "pdb",
            "--goal",
            "blank-first",
        ];
        args.extend_from_slice(threads);
        args.push("-");
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tilesearch"))
            .args(&args)
            .env("TILESEARCH_CACHE", &cache)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        std::io::Write::write_all(&mut child.stdin.take().unwrap(), input.as_bytes()).unwrap();
        child.wait_with_output().unwrap()
    };
    let one = run(&["--threads", "1"]);
    assert_eq!(one.status.code(), Some(0), "{one:?}");
    let rows = json_lines(&one);
    assert_eq!(rows.len(), 4);
    for (row, n) in rows.iter().zip([1, 12, 42, 55]) {
        assert_eq!(row["length"], common::korf(goal)[n - 1].0, "Korf #{n}");
    }
    for threads in [&[][..], &["--threads", "2"]] {
        let out = run(threads);
        assert_eq!(out.status.code(), Some(0), "{threads:?}");
        assert_eq!(out.stdout, one.stdout, "{threads:?}");
    }
    std::fs::remove_dir_all(&cache).unwrap();
}

#[test]
fn solve_on_several_threads_prints_what_one_thread_does() {
    // Korf #12 (blank-last) and a line that fails, through `solve -`.
    let input = "1 3 5 6 0 13 14 9 11 4 8 12 10 7 15 2\n8 6 7 2 5 4 3 0 1\n2 1 3 4 5 6 7 8 0\n";
    let one = tilesearch(&["solve", "--json", "-"], input);
    for threads in ["1", "2", "3"] {
        let out = tilesearch(&["solve", "--json", "--threads", threads, "-"], input);
        assert_eq!(out.status.code(), Some(1), "the unsolvable line");
        assert_eq!(out.stdout, one.stdout, "{threads} threads");
    }
    let out = tilesearch(&["solve", "--threads", "2", "6 4 5 8 2 7 1 0 3"], "");
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("Solved 6 4 5 8 2 7 1 0 3 in 25 moves"));
    let board = "6 4 5 8 2 7 1 0 3";
    for (args, says) in [
        (
            vec!["solve", "--threads", "0", board],
            "--threads needs a whole number of threads from 1 to 256, got \"0\"",
        ),
        (vec!["solve", "--threads", "two", board], "got \"two\""),
        (
            vec!["solve", "--threads", board],
            "got \"6 4 5 8 2 7 1 0 3\"",
        ),
        (
            vec!["solve", "--threads", "2", "--algorithm", "astar", board],
            "astar runs on one",
        ),
        (
            vec!["solve", "--threads", "2", "--max-nodes", "9", board],
            "leave out --max-nodes or --threads",
        ),
        (
            vec!["trace", "--threads", "2", board],
            "--threads is for solve",
        ),
        (
            vec!["compare", "--threads", "2", board],
            "--threads is for solve",
        ),
    ] {
        let out = tilesearch(&args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn a_pdb_cache_that_cannot_be_written_leaves_no_temporary_file() {
    // A directory where the cache file should be: the databases are built, the board solved,
    // and the cache directory holds what it held (no 29 MB temporary file).
    let cache = std::env::temp_dir().join(format!("tilesearch-cli-cache-{}", std::process::id()));
    let in_the_way = cache.join("pdb-663-blank-last.bin");
    std::fs::create_dir_all(&in_the_way).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tilesearch"))
        .args(["solve", "--json", "--heuristic", "pdb"])
        .arg("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15")
        .env("TILESEARCH_CACHE", &cache)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(json_lines(&out)[0]["length"], 1);
    let left: Vec<_> = std::fs::read_dir(&cache)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left, ["pdb-663-blank-last.bin"]);
    assert!(in_the_way.is_dir());
    std::fs::remove_dir_all(&cache).unwrap();
}
