//! `tilesearch exercise`: the same seed gives the same bytes, every answer agrees with the
//! core run afresh (another algorithm where one exists, the trace's own events for the
//! iteration counts), the Moodle quiz is well-formed XML of the shape Moodle imports, the
//! Markdown has its answer key, and bad options exit 2 with a message that names them.

use serde_json::Value;
use std::io::{self, Write};
use std::time::Instant;
use tilesearch::search::FrontierEntry;
use tilesearch::{
    ida_star, new_search, Algorithm, Board, Event, Goal, HeuristicChoice, HeuristicKind, Status,
};

/// Runs the CLI in process: (exit status, standard output, standard error).
fn run(args: &[&str]) -> (i32, String, String) {
    let args: Vec<String> = args.iter().map(|a| (*a).to_string()).collect();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = tilesearch::cli::run(&args, &mut io::empty(), &mut out, &mut err);
    (
        status,
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

fn exercise(args: &[&str]) -> String {
    let mut all = vec!["exercise"];
    all.extend_from_slice(args);
    let (status, out, err) = run(&all);
    assert_eq!(status, 0, "{args:?}: {err}");
    assert!(err.is_empty(), "{args:?}: {err}");
    out
}

fn questions(args: &[&str]) -> Vec<Value> {
    let out = exercise(args);
    match serde_json::from_str(&out).unwrap() {
        Value::Array(questions) => questions,
        other => panic!("not an array: {other}"),
    }
}

fn board_of(question: &Value) -> Board {
    let tiles: Vec<u8> = question["boards"][0]["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_u64().unwrap() as u8)
        .collect();
    Board::from_tiles(&tiles).unwrap()
}

fn numbers(value: &Value) -> Vec<u64> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect()
}

/// The text of the right choice, which must be there once, distinct from the others.
fn right_choice(q: &Value) -> String {
    let choices: Vec<&str> = q["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert!(choices.len() >= 2, "{q}");
    let mut distinct = choices.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), choices.len(), "repeated choice: {q}");
    choices[q["correct"].as_u64().unwrap() as usize].to_string()
}

/// IDA*'s visited and pruned counts per iteration, counted from its trace events.
fn counted_iterations(board: Board, goal: Goal, h: HeuristicChoice) -> Vec<(u64, u64)> {
    let mut search = ida_star(board, goal, h).unwrap();
    let mut counts: Vec<(u64, u64)> = Vec::new();
    search.run_traced(None, &mut |event| {
        match event {
            Event::Iteration(_) => counts.push((0, 0)),
            Event::Node(_) => counts.last_mut().unwrap().0 += 1,
            Event::Prune(_) => counts.last_mut().unwrap().1 += 1,
            _ => {}
        }
        false
    });
    assert_eq!(search.status(), Status::Solved);
    counts
}

/// Checks every answer of `questions` against the core run afresh.
fn check_answers(questions: &[Value], width: usize, kind: HeuristicKind, goal: Goal) {
    let h = HeuristicChoice::new(kind, width, goal, None).unwrap();
    for q in questions {
        let answer = &q["answer"];
        assert_eq!(q["boards"][0]["width"], width, "{q}");
        match q["kind"].as_str().unwrap() {
            "thresholds" => {
                let mut search = ida_star(board_of(q), goal, h.clone()).unwrap();
                assert_eq!(search.run(None), Status::Solved);
                let thresholds: Vec<u64> = search
                    .report()
                    .iterations()
                    .iter()
                    .map(|i| u64::from(i.threshold))
                    .collect();
                assert_eq!(numbers(answer), thresholds, "{q}");
                assert_eq!(
                    thresholds[0],
                    u64::from(h.estimate(&board_of(q), goal).unwrap())
                );
                let listed: Vec<String> = thresholds.iter().map(u64::to_string).collect();
                assert_eq!(right_choice(q), listed.join(", "), "{q}");
            }
            "iteration" => {
                let counts = counted_iterations(board_of(q), goal, h.clone());
                let k = q["iteration"].as_u64().unwrap() as usize;
                let (visited, pruned) = counts[k - 1];
                assert_eq!(answer["visited"], visited, "{q}");
                assert_eq!(answer["pruned"], pruned, "{q}");
                assert_eq!(
                    right_choice(q),
                    format!("visited {visited}, pruned {pruned}")
                );
            }
            "node-f" => {
                let moves: Vec<u8> = numbers(&q["moves"]).iter().map(|&t| t as u8).collect();
                assert!((1..=4).contains(&moves.len()), "{q}");
                let node = board_of(q).after(&moves).unwrap();
                let f = moves.len() as u64 + u64::from(h.estimate(&node, goal).unwrap());
                assert_eq!(answer, f, "{q}");
                assert!(q.get("choices").is_none(), "{q}");
            }
            "solvable" => {
                let board = board_of(q);
                let solvable = board.check_solvable(goal).is_ok();
                assert_eq!(answer, solvable, "{q}");
                assert!(right_choice(q).starts_with(if solvable {
                    "Solvable"
                } else {
                    "Unsolvable"
                }));
                let explanation = q["explanation"].as_str().unwrap();
                let inversions = format!("{} inversion", board.inversions());
                assert!(explanation.contains(&inversions), "{q}");
                if width % 2 == 0 {
                    let row = format!("row {}", board.blank_row_from_bottom());
                    assert!(explanation.contains(&row), "{q}");
                }
            }
            "frontier" => check_frontier(q, goal, &h),
            "solution-length" => {
                // Another algorithm of the core: BFS on the 8-puzzle, A* on larger boards.
                let algorithm = if width == 3 {
                    Algorithm::Bfs
                } else {
                    Algorithm::Astar
                };
                let mut search = new_search(board_of(q), goal, h.clone(), algorithm, None).unwrap();
                assert_eq!(search.run(None), Status::Solved, "{q}");
                assert_eq!(answer, search.report().length.unwrap(), "{q}");
            }
            other => panic!("unknown kind {other}"),
        }
    }
}

/// Replays the frontier search to the point the question shows: the frontier holds the
/// entries listed, and the next expansion is the answer (the oldest for BFS, the newest for
/// DFS).
fn check_frontier(q: &Value, goal: Goal, h: &HeuristicChoice) {
    let algorithm: Algorithm = q["algorithm"].as_str().unwrap().parse().unwrap();
    let expansions = q["expansions"].as_u64().unwrap();
    let start = board_of(q);
    let mut search = new_search(start, goal, h.clone(), algorithm, None).unwrap();
    let mut expanded = 0;
    let mut before: Vec<FrontierEntry> = search.frontier(usize::MAX);
    let next = loop {
        match search
            .step()
            .expect("the search ends before the question's expansion")
        {
            Event::Expand(e) if expanded == expansions => break e.node.id,
            Event::Expand(_) => expanded += 1,
            Event::Solved(_) => panic!("solved before the question's expansion: {q}"),
            _ => {}
        }
        before = search.frontier(usize::MAX);
    };
    assert_eq!(q["answer"], next, "{q}");
    assert_eq!(right_choice(q), format!("node {next}"));
    let shown = q["frontier"].as_array().unwrap();
    let mut ids: Vec<u64> = before.iter().map(|e| e.id).collect();
    ids.sort_unstable();
    let shown_ids: Vec<u64> = shown.iter().map(|e| e["id"].as_u64().unwrap()).collect();
    assert_eq!(shown_ids, ids, "{q}");
    let expected = match algorithm {
        Algorithm::Bfs => ids[0],
        _ => ids[ids.len() - 1],
    };
    assert_eq!(next, expected, "{q}");
    for entry in shown {
        let moves: Vec<u8> = numbers(&entry["moves"]).iter().map(|&t| t as u8).collect();
        let board = start.after(&moves).unwrap();
        let tiles: Vec<u64> = board.tiles().iter().map(|&t| u64::from(t)).collect();
        assert_eq!(numbers(&entry["tiles"]), tiles, "{q}");
        assert_eq!(entry["g"], moves.len(), "{q}");
        assert_eq!(entry["h"], h.estimate(&board, goal).unwrap(), "{q}");
    }
}

#[test]
fn the_same_seed_gives_the_same_bytes_and_other_seeds_differ() {
    for format in ["json", "markdown", "moodle"] {
        let args = ["--seed", "2024", "--count", "12", "--format", format];
        let first = exercise(&args);
        assert_eq!(first, exercise(&args), "{format}");
        let other = exercise(&["--seed", "2025", "--count", "12", "--format", format]);
        assert_ne!(first, other, "{format}");
    }
    // A longer run starts with the questions of a shorter one.
    let short = questions(&["--seed", "9", "--count", "6"]);
    let long = questions(&["--seed", "9", "--count", "20"]);
    assert_eq!(short[..], long[..6]);
}

#[test]
fn every_answer_agrees_with_the_core_on_the_8_puzzle() {
    for seed in 0..8 {
        let s = seed.to_string();
        let qs = questions(&["--seed", &s, "--count", "24"]);
        assert_eq!(qs.len(), 24);
        check_answers(&qs, 3, HeuristicKind::Manhattan, Goal::BlankLast);
    }
}

#[test]
fn every_answer_agrees_with_the_core_for_each_heuristic_goal_and_width() {
    for width in ["3", "4", "5"] {
        for heuristic in HeuristicKind::ALL {
            for goal in Goal::ALL {
                let args = [
                    "--seed",
                    "77",
                    "--count",
                    "12",
                    "--width",
                    width,
                    "--heuristic",
                    heuristic.name(),
                    "--goal",
                    goal.name(),
                ];
                let qs = questions(&args);
                check_answers(&qs, width.parse().unwrap(), heuristic, goal);
            }
        }
    }
}

#[test]
fn larger_boards_stay_fast() {
    for width in ["4", "5"] {
        for heuristic in HeuristicKind::ALL {
            let clock = Instant::now();
            let qs = questions(&[
                "--seed",
                "5",
                "--count",
                "60",
                "--width",
                width,
                "--heuristic",
                heuristic.name(),
            ]);
            assert_eq!(qs.len(), 60);
            // Generous for a shared machine: a run takes well under a second.
            let elapsed = clock.elapsed();
            assert!(
                elapsed.as_secs() < 10,
                "width {width}, {heuristic}: {elapsed:?}"
            );
        }
    }
}

#[test]
fn kinds_selects_and_orders_the_questions() {
    let qs = questions(&["--seed", "1", "--count", "5", "--kinds", "frontier,node-f"]);
    let kinds: Vec<&str> = qs.iter().map(|q| q["kind"].as_str().unwrap()).collect();
    assert_eq!(
        kinds,
        ["frontier", "node-f", "frontier", "node-f", "frontier"]
    );
    let numbers: Vec<u64> = qs.iter().map(|q| q["number"].as_u64().unwrap()).collect();
    assert_eq!(numbers, [1, 2, 3, 4, 5]);
}

fn child<'a>(node: roxmltree::Node<'a, 'a>, name: &str) -> roxmltree::Node<'a, 'a> {
    node.children()
        .find(|c| c.has_tag_name(name))
        .unwrap_or_else(|| panic!("<{}> has no <{name}>", node.tag_name().name()))
}

fn text_of<'a>(node: roxmltree::Node<'a, 'a>, name: &str) -> String {
    child(node, name)
        .text()
        .unwrap_or_default()
        .trim()
        .to_string()
}

#[test]
fn the_moodle_quiz_is_well_formed_and_shaped_as_moodle_imports_it() {
    let args = ["--seed", "31", "--count", "18"];
    let json = questions(&args);
    let xml = exercise(&[&args[..], &["--format", "moodle"]].concat());
    assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>"));
    let doc = roxmltree::Document::parse(&xml).unwrap();
    let quiz = doc.root_element();
    assert!(quiz.has_tag_name("quiz"));
    let questions: Vec<_> = quiz
        .children()
        .filter(|n| n.has_tag_name("question"))
        .collect();
    assert_eq!(questions[0].attribute("type"), Some("category"));
    let category = text_of(child(questions[0], "category"), "text");
    assert!(category.starts_with("$course$/"), "{category}");
    let questions = &questions[1..];
    assert_eq!(questions.len(), json.len());
    for (question, q) in questions.iter().zip(&json) {
        let kind = question.attribute("type").unwrap();
        let name = text_of(child(*question, "name"), "text");
        assert!(!name.is_empty());
        let text = child(*question, "questiontext");
        assert_eq!(text.attribute("format"), Some("html"));
        let html = text_of(text, "text");
        // The prompt went in HTML-escaped: `>` as `&gt;` in the CDATA.
        assert!(html.starts_with("<p>") && html.contains("<pre>"), "{html}");
        assert!(!html.contains("f > threshold"), "{html}");
        assert_eq!(
            child(*question, "generalfeedback").attribute("format"),
            Some("html")
        );
        assert!(!text_of(child(*question, "generalfeedback"), "text").is_empty());
        assert_eq!(text_of(*question, "defaultgrade"), "1.0000000");
        assert!(text_of(*question, "penalty").parse::<f64>().is_ok());
        assert_eq!(text_of(*question, "hidden"), "0");
        let answers: Vec<_> = question
            .children()
            .filter(|n| n.has_tag_name("answer"))
            .collect();
        let right: Vec<_> = answers
            .iter()
            .filter(|a| a.attribute("fraction") == Some("100"))
            .collect();
        assert_eq!(right.len(), 1, "{name}");
        assert!(answers
            .iter()
            .all(|a| matches!(a.attribute("fraction"), Some("100" | "0"))));
        match kind {
            "numerical" => {
                assert!(q.get("choices").is_none());
                for a in &answers {
                    assert_eq!(text_of(*a, "tolerance"), "0", "{name}");
                }
                let value: u64 = text_of(*right[0], "text").parse().unwrap();
                assert_eq!(q["answer"], value, "{name}");
            }
            "multichoice" => {
                assert_eq!(text_of(*question, "single"), "true");
                assert_eq!(text_of(*question, "shuffleanswers"), "true");
                assert_eq!(text_of(*question, "answernumbering"), "abc");
                assert_eq!(answers.len(), q["choices"].as_array().unwrap().len());
                assert_eq!(text_of(*right[0], "text"), right_choice(q), "{name}");
            }
            other => panic!("unexpected question type {other}"),
        }
    }
}

#[test]
fn markdown_numbers_the_questions_and_ends_with_an_answer_key() {
    let args = ["--seed", "4", "--count", "7"];
    let json = questions(&args);
    let md = exercise(&[&args[..], &["--format", "markdown"]].concat());
    assert!(md.starts_with("# Exercises: the 8-puzzle (seed 4)"));
    let (body, key) = md.split_once("\n## Answer key\n").expect("an answer key");
    for q in &json {
        let n = q["number"].as_u64().unwrap();
        assert!(body.contains(&format!("\n## {n}. ")), "question {n}");
        let explanation = q["explanation"].as_str().unwrap();
        assert!(key.contains(&format!("\n{n}. **")), "answer {n}");
        assert!(key.contains(explanation), "answer {n}");
        assert!(!body.contains(explanation), "answer {n} in the questions");
    }
    // Boards as grids with `_` for the blank, which the core reads back.
    let grid = body
        .split("```text\n")
        .nth(1)
        .unwrap()
        .split("\n```")
        .next()
        .unwrap();
    assert_eq!(Board::parse(grid).unwrap(), board_of(&json[0]));
}

#[test]
fn bad_options_exit_2_with_a_message_that_names_them() {
    let cases: &[(&[&str], &str)] = &[
        (&[], "exercise needs --seed"),
        (&["--count", "3"], "exercise needs --seed"),
        (&["--seed"], "--seed needs a value"),
        (&["--seed", "-1"], "--seed needs a whole number from 0 to 18446744073709551615, got \"-1\""),
        (&["--seed", "1.5"], "got \"1.5\""),
        (&["--seed", "18446744073709551616"], "--seed needs a whole number"),
        (&["--seed", "1", "--count", "0"], "--count needs a whole number of questions from 1 to 1000, got \"0\""),
        (&["--seed", "1", "--count", "1001"], "from 1 to 1000"),
        (&["--seed", "1", "--count", "many"], "--count needs"),
        (&["--seed", "1", "--width", "6"], "--width needs 3 (the 8-puzzle, default), 4 (the 15-puzzle) or 5 (the 24-puzzle), got \"6\""),
        (&["--seed", "1", "--width", "2"], "every question kind works on each width"),
        (&["--seed", "1", "--format", "xml"], "unknown format \"xml\": choose json (default), markdown or moodle"),
        (&["--seed", "1", "--heuristic", "euclid"], "unknown heuristic \"euclid\""),
        (&["--seed", "1", "--heuristic", "pdb"], "--heuristic pdb is not offered for exercises"),
        (&["--seed", "1", "--goal", "middle"], "unknown goal \"middle\""),
        (&["--seed", "1", "--kinds", "thresholds,riddles"], "unknown question kind \"riddles\""),
        (&["--seed", "1", "--colour", "red"], "unknown option \"--colour\" for exercise"),
        (&["--seed", "1", "1 2 3 4 5 6 7 8 0"], "exercise takes no board"),
        (&["--help=yes"], "--help takes no value"),
    ];
    for (args, message) in cases {
        let mut all = vec!["exercise"];
        all.extend_from_slice(args);
        let (status, out, err) = run(&all);
        assert_eq!(status, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}");
        assert!(err.starts_with("tilesearch: "), "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(
            err.contains("Usage:\n  tilesearch exercise"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn help_prints_the_usage() {
    for help in ["--help", "-h"] {
        let (status, out, err) = run(&["exercise", help]);
        assert_eq!(status, 0);
        assert!(err.is_empty());
        assert!(out.contains("tilesearch exercise --seed S"), "{out}");
        assert!(out.contains("solution-length"), "{out}");
    }
    let (_, out, _) = run(&["--help"]);
    assert!(
        out.contains("tilesearch exercise"),
        "the main usage names it: {out}"
    );
}

/// A writer that fails like a full disk or a closed pipe.
struct Failing(io::ErrorKind);

impl Write for Failing {
    fn write(&mut self, _: &[u8]) -> io::Result<usize> {
        Err(io::Error::from(self.0))
    }
    fn flush(&mut self) -> io::Result<()> {
        Err(io::Error::from(self.0))
    }
}

#[test]
fn output_that_cannot_be_written_exits_3_and_a_closed_pipe_quietly_0() {
    let args: Vec<String> = ["exercise", "--seed", "1", "--format", "moodle"]
        .iter()
        .map(|a| (*a).to_string())
        .collect();
    let mut err = Vec::new();
    let mut full = Failing(io::ErrorKind::StorageFull);
    let status = tilesearch::cli::run(&args, &mut io::empty(), &mut full, &mut err);
    assert_eq!(status, 3);
    let err = String::from_utf8(err).unwrap();
    assert!(err.contains("cannot write the output"), "{err}");
    let mut err = Vec::new();
    let mut closed = Failing(io::ErrorKind::BrokenPipe);
    let status = tilesearch::cli::run(&args, &mut io::empty(), &mut closed, &mut err);
    assert_eq!(status, 0);
    assert!(err.is_empty());
}

/// The guide's example (docs/exercises.md) is this build's real output.
#[test]
fn the_guide_example_is_real_output() {
    let guide =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/exercises.md")).unwrap();
    let args = "--seed 3 --count 2 --kinds thresholds,node-f --format markdown";
    let intro = format!("The Markdown of `tilesearch exercise {args}`:\n\n````markdown\n");
    let start = guide.find(&intro).expect("the guide's example") + intro.len();
    // The block ends with the output's last newline, before the closing fence.
    let end = start + guide[start..].find("\n````\n").unwrap();
    let shown = &guide[start..=end];
    let args: Vec<&str> = args.split(' ').collect();
    assert_eq!(shown, exercise(&args));
}
