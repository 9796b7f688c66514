//! The wasm `Solver`, tested in wasm: in Node (`make test-wasm-node`) and in headless Chromium
//! (`make test-wasm-browser`, the same tests with `WASM_BINDGEN_USE_BROWSER=1`).

#![cfg(target_arch = "wasm32")]

mod common;

use common::{check_ida_trace, Rng};
use js_sys::{Array, Function, Object, Reflect};
use tilesearch::trace::{
    BacktrackEvent, IterationEvent, NodeInfo, PruneEvent, RaiseEvent, SolvedEvent, RECORD_WORDS,
};
use tilesearch::wasm::{
    board_after, catalog, check_trace, describe_board, export_pattern_databases, guard_error,
    heuristics_along, load_pattern_database_parts, load_pattern_databases, parallel_split_above,
    parse_board, pattern_databases_ready, random_board, PacketSearcher, ParallelSearch,
    PatternDatabaseBuilder, Solver,
};
use tilesearch::{Board, Event, Goal, HeuristicChoice};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

fn object(pairs: &[(&str, JsValue)]) -> JsValue {
    let o = Object::new();
    for (key, value) in pairs {
        Reflect::set(&o, &(*key).into(), value).unwrap();
    }
    o.into()
}

fn solver(board: &str) -> Solver {
    Solver::new(object(&[("board", board.into())])).unwrap_or_else(|e| panic!("{e:?}"))
}

fn get(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &key.into()).unwrap()
}

/// The thrown value's `kind` and `message`, checking that it is a real JS `Error`.
fn thrown(error: JsValue) -> (String, String) {
    assert!(
        error.is_instance_of::<js_sys::Error>(),
        "not an Error: {error:?}"
    );
    let kind = get(&error, "kind").as_string().unwrap_or_default();
    let message = get(&error, "message").as_string().unwrap();
    (kind, message)
}

fn event_of(value: &JsValue) -> Event {
    serde_wasm_bindgen::from_value(value.clone()).unwrap_or_else(|e| panic!("{value:?}: {e}"))
}

/// Every field of an event object is a plain number, string, array or null: no `BigInt`, no `Map`.
fn assert_plain(value: &JsValue) {
    for key in Object::keys(value.unchecked_ref::<Object>()).iter() {
        let field = Reflect::get(value, &key).unwrap();
        assert!(!field.is_bigint(), "BigInt in {value:?}");
        assert!(!field.is_instance_of::<js_sys::Map>(), "Map in {value:?}");
        assert!(
            field.as_f64().is_some()
                || field.is_string()
                || field.is_null()
                || Array::is_array(&field),
            "field {key:?} of {value:?}"
        );
    }
}

fn step_all(s: &mut Solver) -> Vec<JsValue> {
    std::iter::from_fn(|| Some(s.step()).filter(|v| !v.is_undefined())).collect()
}

/// Tiles as a JS array of numbers.
fn tiles(values: &[u8]) -> JsValue {
    values
        .iter()
        .map(|&v| JsValue::from(v))
        .collect::<Array>()
        .into()
}

fn json(value: &JsValue) -> String {
    js_sys::JSON::stringify(value).unwrap().as_string().unwrap()
}

/// The catalog's names are exactly the ones the Solver takes, each with its display name, the
/// default first; every name in it makes a Solver, and the defaults are the Solver's.
#[wasm_bindgen_test]
fn the_catalog_lists_every_option_name_with_its_title() {
    let list = |key: &str| -> Vec<(String, String)> {
        let parsed = js_sys::JSON::parse(&catalog()).expect("the catalog is JSON");
        Array::from(&get(&parsed, key))
            .iter()
            .map(|entry| {
                let text = |field| get(&entry, field).as_string().unwrap();
                assert!(!text("label").is_empty());
                (text("name"), text("title"))
            })
            .collect()
    };
    let names = |key: &str| -> Vec<String> { list(key).into_iter().map(|(n, _)| n).collect() };
    assert_eq!(
        names("heuristics"),
        ["manhattan", "hamming", "linear-conflict", "pdb"]
    );
    assert_eq!(
        names("algorithms"),
        ["ida", "bfs", "dfs", "greedy", "astar"]
    );
    assert_eq!(names("goals"), ["blank-last", "blank-first"]);
    let orders = names("orders");
    assert_eq!((orders.len(), orders[0].as_str()), (24, "lrud"));
    assert_eq!(list("heuristics")[0].1, "Manhattan distance");
    assert_eq!(list("algorithms")[1].1, "breadth-first search");
    assert_eq!(list("goals")[1].1, "blank first");
    assert_eq!(list("orders")[0].1, "left, right, up, down");
    // Each algorithm says whether its solution is a shortest one (the core's finds_shortest).
    let parsed = js_sys::JSON::parse(&catalog()).unwrap();
    let shortest: Vec<(String, bool)> = Array::from(&get(&parsed, "algorithms"))
        .iter()
        .map(|e| {
            (
                get(&e, "name").as_string().unwrap(),
                get(&e, "shortest").as_bool().unwrap(),
            )
        })
        .collect();
    let expected = [
        ("ida", true),
        ("bfs", true),
        ("dfs", false),
        ("greedy", false),
        ("astar", true),
    ];
    assert_eq!(shortest, expected.map(|(n, b)| (n.to_string(), b)));
    assert!(get(&Array::from(&get(&parsed, "heuristics")).get(0), "shortest").is_undefined());
    let defaults = solver("6 4 5 8 2 7 1 0 3");
    assert_eq!(
        [defaults.heuristic(), defaults.goal(), defaults.order()],
        [&names("heuristics")[0], &names("goals")[0], &orders[0]].map(String::clone)
    );
    for key in ["heuristics", "algorithms", "goals", "orders"] {
        for (name, title) in list(key) {
            assert!(!title.is_empty(), "{key} {name}");
            let option = match key {
                "heuristics" => "heuristic",
                "algorithms" => "algorithm",
                "goals" => "goal",
                _ => "order",
            };
            // pdb needs its databases and a 4×4 board: the core names what is missing.
            let made = Solver::new(object(&[
                ("board", "6 4 5 8 2 7 1 0 3".into()),
                (option, name.as_str().into()),
            ]));
            match made {
                Ok(_) => assert_ne!(name, "pdb"),
                Err(error) => assert_eq!(
                    (name.as_str(), thrown(error).0.as_str()),
                    ("pdb", "pdb-width")
                ),
            }
        }
    }
}

#[wasm_bindgen_test]
fn construction_takes_text_or_arrays_and_defaults() {
    let s = solver("6 4 5 / 8 2 7 / 1 0 3");
    assert_eq!(s.heuristic(), "manhattan");
    assert_eq!(s.goal(), "blank-last");
    assert_eq!(s.status(), "running");
    assert_eq!(s.width(), 3);
    let numbers: Array = [6, 4, 5, 8, 2, 7, 1, 0, 3]
        .iter()
        .map(|&n| JsValue::from(n))
        .collect();
    let from_array = Solver::new(object(&[
        ("board", numbers.into()),
        ("heuristic", "linear-conflict".into()),
        ("goal", "blank-first".into()),
    ]))
    .unwrap();
    assert_eq!(from_array.heuristic(), "linear-conflict");
    assert_eq!(from_array.goal(), "blank-first");
    assert_eq!(json(&from_array.start().into()), "[6,4,5,8,2,7,1,0,3]");
}

#[wasm_bindgen_test]
fn every_bad_input_throws_the_core_message() {
    let cases: Vec<(JsValue, &str, &str)> = vec![
        (
            object(&[("board", "1 2 3 4 4 6 7 8 0".into())]),
            "duplicate-tile",
            "tile 4 appears twice",
        ),
        (
            object(&[("board", "1 2 3 4 5 6 7 8".into())]),
            "missing-tile",
            "the blank (0) is missing",
        ),
        (
            object(&[("board", "1 2 3 4 5".into())]),
            "wrong-tile-count",
            "got 5",
        ),
        (
            object(&[("board", "1 2 3 4 5 6 7 8 9".into())]),
            "out-of-range",
            "9 is out of range",
        ),
        (
            object(&[("board", "1 2 x 4 5 6 7 8 0".into())]),
            "not-a-number",
            "\"x\" is not a number",
        ),
        (
            object(&[("board", "2 1 3 4 5 6 7 8 0".into())]),
            "unsolvable",
            "Swapping any two tiles",
        ),
        (
            object(&[("board", "".into())]),
            "empty",
            "the board is empty",
        ),
        (
            object(&[("board", "1 2 3 / 4 5 6 7 / 8 0".into())]),
            "ragged-rows",
            "row 2 has 4 tiles",
        ),
        (
            object(&[(
                "board",
                Array::of3(&1.into(), &2.5.into(), &3.into()).into(),
            )]),
            "not-a-number",
            "element 2 of the board array is 2.5",
        ),
        (
            object(&[
                ("board", "1 2 3 4 5 6 7 8 0".into()),
                ("heuristic", "euclid".into()),
            ]),
            "unknown-heuristic",
            "unknown heuristic \"euclid\"",
        ),
        (
            object(&[
                ("board", "1 2 3 4 5 6 7 8 0".into()),
                ("goal", "middle".into()),
            ]),
            "unknown-goal",
            "unknown goal \"middle\"",
        ),
        (
            object(&[("board", "1 2 3 4 5 6 7 8 0".into()), ("speed", 3.into())]),
            "invalid-option",
            "unknown option \"speed\"",
        ),
        (
            object(&[
                ("board", "1 2 3 4 5 6 7 8 0".into()),
                ("heuristic", 3.into()),
            ]),
            "invalid-option",
            "heuristic must be a string",
        ),
        (
            object(&[("board", true.into())]),
            "invalid-option",
            "board must be text",
        ),
        (object(&[]), "invalid-option", "the board is missing"),
        (
            JsValue::UNDEFINED,
            "invalid-option",
            "new Solver needs options",
        ),
        (
            JsValue::from("1 2 3 4 5 6 7 8 0"),
            "invalid-option",
            "must be an object",
        ),
    ];
    for (options, kind, message) in cases {
        let (k, m) = thrown(
            Solver::new(options.clone())
                .err()
                .unwrap_or_else(|| panic!("{options:?} was accepted")),
        );
        assert_eq!(k, kind, "{m}");
        assert!(m.contains(message), "{options:?}: {m}");
    }
}

#[wasm_bindgen_test]
fn a_full_trace_follows_the_ida_star_rules() {
    let mut rng = Rng(99);
    let mut boards = vec![(Board::parse("6 4 5 8 2 7 1 0 3").unwrap(), Goal::BlankLast)];
    for i in 0..6 {
        let goal = Goal::ALL[i % 2];
        boards.push((rng.scramble(3 + i % 2, goal, 40), goal));
    }
    for (board, goal) in boards {
        for kind in HeuristicChoice::ALL {
            let mut s = Solver::new(object(&[
                ("board", board.to_line().into()),
                ("heuristic", kind.to_string().into()),
                ("goal", goal.name().into()),
            ]))
            .unwrap();
            let values = step_all(&mut s);
            values.iter().for_each(assert_plain);
            let events: Vec<Event> = values.iter().map(event_of).collect();
            let trace = check_ida_trace(board, goal, &kind, &events);
            assert!(trace.solution.is_some());
            assert_eq!(s.status(), "solved");
            assert!(s.step().is_undefined());
            assert_eq!(s.expanded(), trace.expanded as f64);
            assert_eq!(s.generated(), trace.generated as f64);
        }
    }
}

#[wasm_bindgen_test]
fn run_equals_stepping_and_budgets_resume_exactly() {
    for board in [
        "6 4 5 8 2 7 1 0 3",
        "8 6 7 2 5 4 3 0 1",
        "5 1 2 3 9 6 7 4 13 10 11 8 0 14 15 12",
    ] {
        let mut stepped = solver(board);
        step_all(&mut stepped);
        let mut ran = solver(board);
        let result = ran.run(JsValue::UNDEFINED).unwrap();
        assert_eq!(json(&result), json(&stepped.summary()));
        assert_eq!(get(&result, "status").as_string().unwrap(), "solved");
        assert!(
            ran.step().is_undefined(),
            "after a finished run, step() is undefined"
        );

        let mut sliced = solver(board);
        let budget = object(&[("maxNodes", 5.into())]);
        let mut slices = 0;
        loop {
            let r = sliced.run(budget.clone()).unwrap();
            slices += 1;
            if get(&r, "status").as_string().unwrap() == "solved" {
                break;
            }
            assert_eq!(get(&r, "status").as_string().unwrap(), "running");
        }
        assert!(slices > 1);
        assert_eq!(json(&sliced.summary()), json(&stepped.summary()));

        // Step a little, then run: the same result as running from the start.
        let mut mixed = solver(board);
        for _ in 0..17 {
            mixed.step();
        }
        mixed.run(JsValue::UNDEFINED).unwrap();
        assert_eq!(json(&mixed.summary()), json(&stepped.summary()));
    }
}

#[wasm_bindgen_test]
fn on_event_sees_every_event_in_order() {
    let mut reference = solver("6 4 5 8 2 7 1 0 3");
    let expected: Vec<String> = step_all(&mut reference).iter().map(json).collect();
    let seen = Array::new();
    let push = Function::new_with_args("event", "this.push(event)").bind0(&seen);
    let mut s = solver("6 4 5 8 2 7 1 0 3");
    s.run(object(&[("onEvent", push.into())])).unwrap();
    let got: Vec<String> = seen.iter().map(|v| json(&v)).collect();
    assert_eq!(got, expected);
}

#[wasm_bindgen_test]
fn an_exception_in_on_event_pauses_and_the_solver_goes_on() {
    let throw_on_fifth = Function::new_with_args(
        "event",
        "this.n = (this.n || 0) + 1; if (this.n === 5) throw new Error('stop here');",
    )
    .bind0(&Object::new());
    let mut s = solver("6 4 5 8 2 7 1 0 3");
    let err = s
        .run(object(&[("onEvent", throw_on_fifth.into())]))
        .unwrap_err();
    assert_eq!(get(&err, "message").as_string().unwrap(), "stop here");
    // Five events were delivered; the sixth is next.
    let mut reference = solver("6 4 5 8 2 7 1 0 3");
    let all = step_all(&mut reference);
    assert_eq!(json(&s.step()), json(&all[5]));
    s.run(JsValue::UNDEFINED).unwrap();
    assert_eq!(s.status(), "solved");
}

#[wasm_bindgen_test]
fn bad_calls_throw_and_leave_the_solver_usable() {
    let mut s = solver("6 4 5 8 2 7 1 0 3");
    s.step();
    for (options, message) in [
        (
            object(&[("maxNodes", (-1).into())]),
            "maxNodes must be a whole number",
        ),
        (
            object(&[("maxNodes", 2.5.into())]),
            "maxNodes must be a whole number of nodes (0 or more), got 2.5",
        ),
        // Numbers read as JS writes them.
        (
            object(&[("maxNodes", f64::INFINITY.into())]),
            "got Infinity",
        ),
        (object(&[("maxNodes", 1e21.into())]), "got 1e+21"),
        (object(&[("maxNodes", "10".into())]), "got \"10\""),
        (
            object(&[("onEvent", 3.into())]),
            "onEvent must be a function",
        ),
        (
            object(&[("budget", 3.into())]),
            "unknown option \"budget\": run(options) takes maxNodes, onEvent",
        ),
        (JsValue::from(7), "must be an object"),
    ] {
        let (kind, m) = thrown(s.run(options).unwrap_err());
        assert_eq!(kind, "invalid-option");
        assert!(m.contains(message), "{m}");
    }
    assert!(thrown(s.step_many((-3).into(), None).unwrap_err())
        .1
        .contains("stepMany(n) takes a whole number of events from 0 to 1000000, got -3"));
    assert!(thrown(s.skip(0.5.into()).unwrap_err())
        .1
        .contains("skip(n) takes a whole number of events (0 or more), got 0.5"));
    assert!(thrown(s.frontier(f64::NAN.into()).unwrap_err())
        .1
        .contains("frontier(limit) takes a whole number from 0 to 1000, got NaN"));
    // Nothing moved: the next event is the second one.
    let mut reference = solver("6 4 5 8 2 7 1 0 3");
    let all = step_all(&mut reference);
    assert_eq!(json(&s.step()), json(&all[1]));
    // Another solver is unaffected by all of this, and by a failed construction.
    assert!(Solver::new(object(&[("board", "1 1 1".into())])).is_err());
    let mut other = solver("1 2 3 4 0 6 7 5 8");
    other.run(JsValue::UNDEFINED).unwrap();
    assert_eq!(json(&other.solution()), "[5,8]");
}

#[wasm_bindgen_test]
fn reset_starts_over_and_getters_follow_the_search() {
    let mut s = solver("6 4 5 8 2 7 1 0 3");
    let first: Vec<String> = step_all(&mut s).iter().map(json).collect();
    assert_eq!(s.iteration(), 5);
    assert_eq!(s.threshold(), 25);
    assert_eq!(json(&s.solution()), json(&s.path().into()));
    s.reset();
    assert_eq!(s.status(), "running");
    assert_eq!(s.nodes(), 0.0);
    assert!(s.solution().is_undefined());
    for _ in 0..40 {
        s.step();
        let path: Vec<u8> = s.path().iter().map(|v| v.as_f64().unwrap() as u8).collect();
        let expected = board_after("6 4 5 8 2 7 1 0 3".into(), tiles(&path)).unwrap();
        assert_eq!(json(&s.board().into()), json(&expected.into()));
    }
    s.reset();
    let again: Vec<String> = step_all(&mut s).iter().map(json).collect();
    assert_eq!(again, first);
}

/// Unpacks the batch records back into events (the layout of `trace::pack`).
fn unpack(words: &[u32], moves: &[u8]) -> Vec<Event> {
    let id = |lo: u32, hi: u32| u64::from(hi) << 32 | u64::from(lo);
    words
        .chunks(RECORD_WORDS)
        .map(|r| match r[0] {
            0 => Event::Iteration(IterationEvent {
                iteration: r[1],
                threshold: r[2],
            }),
            1 => Event::Node(NodeInfo {
                id: id(r[1], r[2]),
                parent: (r[3] != u32::MAX).then(|| id(r[3], r[4])),
                g: r[5],
                h: r[6],
                f: r[5] + r[6],
                tile: (r[7] & 0xff != 0xff).then_some((r[7] & 0xff) as u8),
                blank: (r[7] >> 8 & 0xff) as u8,
            }),
            2 => Event::Prune(PruneEvent {
                id: id(r[1], r[2]),
                parent: id(r[3], r[4]),
                g: r[5],
                h: r[6],
                f: r[5] + r[6],
                threshold: r[7] >> 16,
                tile: (r[7] & 0xff) as u8,
            }),
            3 => Event::Backtrack(BacktrackEvent { id: id(r[1], r[2]) }),
            4 => Event::Raise(RaiseEvent {
                from: r[1],
                to: r[2],
            }),
            5 => Event::Solved(SolvedEvent {
                length: r[1],
                moves: moves.to_vec(),
                expanded: id(r[3], r[4]),
                generated: id(r[5], r[6]),
            }),
            kind => panic!("unknown kind {kind}"),
        })
        .collect()
}

#[wasm_bindgen_test]
fn time_sliced_runs_resume_exactly_and_check_their_arguments() {
    let board = "8 6 7 2 5 4 3 0 1";
    let mut whole_run = solver(board);
    let expected = json(&whole_run.run(JsValue::UNDEFINED).unwrap());
    // runFor(0) still runs one slice: every call makes progress, and slices add up to one run.
    let mut sliced = solver(board);
    let mut calls = 0;
    while sliced.status() == "running" {
        let summary = sliced.run_for(0.into()).unwrap();
        assert!(get(&summary, "nodes").as_f64().unwrap() > 0.0);
        calls += 1;
        assert!(calls < 10_000, "runFor(0) makes no progress");
    }
    assert_eq!(json(&sliced.summary()), expected);
    assert_eq!(
        json(&solver(board).run_for(3_600_000.into()).unwrap()),
        expected
    );

    // stepManyFor packs the same events as stepMany, in batches of at most n.
    let mut reference = solver(board);
    let mut timed = solver(board);
    loop {
        let (a, b) = (
            reference.step_many(700.into(), None).unwrap().to_vec(),
            timed
                .step_many_for(3_600_000.into(), 700.into(), None)
                .unwrap()
                .to_vec(),
        );
        assert_eq!(a, b);
        if a.is_empty() {
            break;
        }
    }
    // With no time at all it still stops at the first 1,024-event check, never later.
    let mut hurried = solver("13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2");
    let words = hurried
        .step_many_for(0.into(), 100_000.into(), None)
        .unwrap();
    assert_eq!(words.length() as usize, 1024 * RECORD_WORDS);

    for (result, message) in [
        (
            solver(board).run_for((-1).into()).unwrap_err(),
            "runFor(ms): ms must be a number of milliseconds from 0 to 3600000, got -1",
        ),
        (
            solver(board).run_for("5".into()).unwrap_err(),
            "runFor(ms): ms must be a number of milliseconds from 0 to 3600000, got \"5\"",
        ),
        (
            solver(board)
                .step_many_for(f64::NAN.into(), 10.into(), None)
                .unwrap_err(),
            "stepManyFor(ms, n): ms must be a number of milliseconds from 0 to 3600000, got NaN",
        ),
        (
            solver(board)
                .step_many_for(5.into(), 1e7.into(), None)
                .unwrap_err(),
            "stepManyFor(ms, n) takes a whole number of events from 0 to 1000000, got 10000000",
        ),
        (
            solver(board)
                .step_many(10.into(), Some("yes".into()))
                .unwrap_err(),
            "stepMany(n, untilRaise): untilRaise must be true or false, got \"yes\"",
        ),
        (
            solver(board)
                .step_many_for(5.into(), 10.into(), Some(1.into()))
                .unwrap_err(),
            "stepManyFor(ms, n, untilRaise): untilRaise must be true or false, got 1",
        ),
        (
            solver(board).iteration_position((-1).into()).unwrap_err(),
            "iterationPosition(iteration) takes a whole number of iterations (0 or more), got -1",
        ),
        (
            solver(board).iteration_position(2.5.into()).unwrap_err(),
            "iterationPosition(iteration) takes a whole number of iterations (0 or more), got 2.5",
        ),
    ] {
        assert_eq!(thrown(result), ("invalid-option".into(), message.into()));
    }
    // A call that failed leaves the solver usable: it steps, and knows iteration 1 starts at 0.
    let mut s = solver(board);
    assert!(s.step_many(10.into(), Some("yes".into())).is_err());
    assert_eq!(s.iteration_position(1.into()).unwrap(), Some(0.0));
    assert_eq!(
        s.step_many(3.into(), Some(false.into())).unwrap().length() as usize,
        3 * RECORD_WORDS
    );
}

#[wasm_bindgen_test]
fn step_many_packs_the_same_events() {
    let board = "8 6 7 2 5 4 3 0 1";
    let mut reference = solver(board);
    let expected: Vec<Event> = step_all(&mut reference).iter().map(event_of).collect();
    let mut s = solver(board);
    assert_eq!(s.record_words(), RECORD_WORDS);
    let mut words = Vec::new();
    loop {
        let batch = s.step_many(1000.into(), None).unwrap().to_vec();
        if batch.is_empty() {
            break;
        }
        assert!(batch.len() <= 1000 * RECORD_WORDS);
        words.extend(batch);
    }
    let moves: Vec<u8> = s
        .solution()
        .unchecked_into::<Array>()
        .iter()
        .map(|v| v.as_f64().unwrap() as u8)
        .collect();
    assert_eq!(unpack(&words, &moves), expected);
    // With untilRaise, each batch ends at a raise (or the end): the same events, cut there.
    let mut until = solver(board);
    let mut cut = Vec::new();
    loop {
        let batch = until
            .step_many(100_000.into(), Some(true.into()))
            .unwrap()
            .to_vec();
        if batch.is_empty() {
            break;
        }
        let events = unpack(&batch, &moves);
        let raises = events
            .iter()
            .filter(|e| matches!(e, Event::Raise(_)))
            .count();
        let last = events.last().unwrap();
        assert!(
            raises == 1 && matches!(last, Event::Raise(_))
                || raises == 0 && matches!(last, Event::Solved(_))
        );
        cut.extend(batch);
    }
    assert_eq!(unpack(&cut, &moves), expected);
    // skip(n) advances the same events without returning them.
    let mut skipper = solver(board);
    assert_eq!(skipper.skip(10.into()).unwrap(), 10.0);
    assert_eq!(event_of(&skipper.step()), expected[10]);
}

#[wasm_bindgen_test]
fn board_helpers_for_views() {
    assert_eq!(
        json(&parse_board("6,4,5 / 8,2,7 / 1,_,3".into()).unwrap().into()),
        "[6,4,5,8,2,7,1,0,3]"
    );
    let (kind, _) = thrown(parse_board("1 2 3".into()).unwrap_err());
    assert_eq!(kind, "wrong-tile-count");
    let d = describe_board("1 2 3 4 0 6 7 5 8".into(), JsValue::UNDEFINED).unwrap();
    assert_eq!(get(&d, "grid").as_string().unwrap(), "1 2 3\n4   6\n7 5 8");
    assert!(get(&d, "unsolvable").is_null());
    assert_eq!(get(&get(&d, "h"), "manhattan").as_f64(), Some(2.0));
    assert_eq!(json(&get(&d, "distances")), "[0,0,0,0,0,0,0,1,1]");
    let u = describe_board("2 1 3 4 5 6 7 8 0".into(), "blank-last".into()).unwrap();
    assert!(get(&u, "unsolvable")
        .as_string()
        .unwrap()
        .contains("inversion"));
    // Tiles 2 and 1 swap in their goal row: one of them (the first LIS keeps tile 2) must leave.
    assert_eq!(
        json(&get(&u, "conflicts")),
        r#"[{"tile":1,"row":true,"line":0}]"#
    );
    assert!(describe_board("1 2 3 4 5 6 7 8 0".into(), "up".into()).is_err());
    let after = board_after("1 2 3 4 0 6 7 5 8".into(), tiles(&[5, 8])).unwrap();
    assert_eq!(json(&after.into()), "[1,2,3,4,5,6,7,8,0]");
    assert_eq!(
        thrown(board_after("1 2 3 4 0 6 7 5 8".into(), tiles(&[1])).unwrap_err()).0,
        "not-adjacent"
    );
    for seed in 0..20 {
        let tiles = random_board(4.into(), "blank-first".into(), f64::from(seed).into()).unwrap();
        let s = Solver::new(object(&[
            ("board", tiles.into()),
            ("goal", "blank-first".into()),
        ]));
        assert!(s.is_ok(), "random boards are solvable");
    }
    assert!(random_board(7.into(), JsValue::UNDEFINED, 1.into()).is_err());
}

#[wasm_bindgen_test]
fn heuristics_along_a_path_are_describe_boards_h_of_each_board() {
    // Korf #12's first moves, under each heuristic that applies to a 4×4 board without pdb.
    let start = "1 3 5 6 0 13 14 9 11 4 8 12 10 7 15 2";
    let mut solver = Solver::new(object(&[("board", start.into())])).unwrap();
    let summary = solver.run(JsValue::UNDEFINED).unwrap();
    let moves: Vec<u8> = Array::from(&get(&summary, "moves"))
        .iter()
        .map(|m| m.as_f64().unwrap() as u8)
        .collect();
    for heuristic in ["hamming", "manhattan", "linear-conflict"] {
        let along = heuristics_along(
            start.into(),
            tiles(&moves),
            "blank-last".into(),
            heuristic.into(),
        )
        .unwrap();
        assert_eq!(along.length() as usize, moves.len() + 1);
        for k in 0..=moves.len() {
            let board = board_after(start.into(), tiles(&moves[..k])).unwrap();
            let d = describe_board(board.into(), "blank-last".into()).unwrap();
            assert_eq!(
                along.get(k as u32).as_f64(),
                get(&get(&d, "h"), heuristic).as_f64(),
                "{heuristic} at {k}"
            );
        }
        assert_eq!(
            along.get(moves.len() as u32).as_f64(),
            Some(0.0),
            "the goal"
        );
    }
    // Bad input: a tile not next to the blank, an unknown heuristic, a goal, pdb on 3×3.
    let bad = [
        heuristics_along(
            start.into(),
            tiles(&[15]),
            JsValue::UNDEFINED,
            "manhattan".into(),
        ),
        heuristics_along(
            start.into(),
            tiles(&[]),
            JsValue::UNDEFINED,
            "euclid".into(),
        ),
        heuristics_along(start.into(), tiles(&[]), JsValue::UNDEFINED, 5.into()),
        heuristics_along(start.into(), tiles(&[]), "up".into(), "manhattan".into()),
        heuristics_along(
            "1 2 3 4 5 6 7 0 8".into(),
            tiles(&[]),
            JsValue::UNDEFINED,
            "pdb".into(),
        ),
    ];
    let kinds: Vec<String> = bad.into_iter().map(|r| thrown(r.unwrap_err()).0).collect();
    assert_eq!(
        kinds,
        [
            "not-adjacent",
            "unknown-heuristic",
            "invalid-option",
            "unknown-goal",
            "pdb-width"
        ]
    );
}

#[wasm_bindgen_test]
fn a_korf_instance_runs_in_slices() {
    // Korf #12 (blank-last), 45 moves: solved through maxNodes slices as the page will.
    let mut s = solver("1 3 5 6 0 13 14 9 11 4 8 12 10 7 15 2");
    let slice = object(&[("maxNodes", 20_000.into())]);
    while get(&s.run(slice.clone()).unwrap(), "status")
        .as_string()
        .unwrap()
        == "running"
    {}
    assert_eq!(get(&s.summary(), "length").as_f64(), Some(45.0));
}

#[wasm_bindgen_test]
fn pdb_says_what_it_needs() {
    let korf1 = "13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2";
    let (kind, message) = thrown(
        Solver::new(object(&[
            ("board", korf1.into()),
            ("heuristic", "pdb".into()),
        ]))
        .err()
        .unwrap(),
    );
    assert_eq!(kind, "pdb-missing");
    assert!(message.contains("not built yet"), "{message}");
    // The message names the API that exists.
    assert!(!message.contains("buildPatternDatabases"), "{message}");
    for api in [
        "new PatternDatabaseBuilder(goal)",
        "install()",
        "loadPatternDatabases",
    ] {
        assert!(message.contains(api), "{message}");
    }
    let (kind, _) = thrown(
        Solver::new(object(&[
            ("board", "1 2 3 4 0 6 7 5 8".into()),
            ("heuristic", "pdb".into()),
        ]))
        .err()
        .unwrap(),
    );
    assert_eq!(kind, "pdb-width");
    // describeBoard leaves pdb out until its databases are loaded.
    let d = describe_board(korf1.into(), JsValue::UNDEFINED).unwrap();
    assert!(get(&get(&d, "h"), "pdb").is_undefined());
}

#[wasm_bindgen_test]
fn pattern_database_parts_say_what_is_wrong() {
    let part = |value: JsValue| PatternDatabaseBuilder::new(JsValue::UNDEFINED, Some(value));
    for (value, got) in [(3.into(), "3"), ("1".into(), "\"1\""), (1.5.into(), "1.5")] {
        let (kind, m) = thrown(part(value).err().unwrap());
        assert_eq!(kind, "invalid-option");
        assert_eq!(m, format!("new PatternDatabaseBuilder(goal, part): part is the pattern to build, 0, 1 or 2, got {got}"));
    }
    // Part 2 (the small pattern) to the end: its table, once; it cannot be installed alone.
    let mut small = part(2.into()).unwrap();
    assert_eq!(small.part(), Some(2));
    assert_eq!(
        PatternDatabaseBuilder::new(JsValue::UNDEFINED, None)
            .unwrap()
            .part(),
        None
    );
    let (_, m) = thrown(small.export_part().unwrap_err());
    assert_eq!(
        m,
        "the build is not finished (0 % done): call work() until it returns true"
    );
    let (_, m) = thrown(small.install().unwrap_err());
    assert_eq!(m, "this build makes pattern 2 only: exportPart() it, and install the three parts with loadPatternDatabaseParts");
    while !small.work(100_000.into()).unwrap() {}
    assert_eq!(small.export_part().unwrap().length(), 3_360 * 13 / 4);
    // Handed over: each later call says so, and what to do instead; none changes anything.
    for _ in 0..2 {
        let (kind, m) = thrown(small.export_part().unwrap_err());
        assert_eq!(kind, "invalid-option");
        assert_eq!(m, "pattern 2's table was exported already (exportPart() hands it over once): keep the bytes it returned, or build the part again");
        let (kind, m) = thrown(small.install().unwrap_err());
        assert_eq!(kind, "invalid-option");
        assert_eq!(m, "this build made pattern 2 only, and exportPart() returned its table already: install the three parts with loadPatternDatabaseParts(\"blank-last\", [part0, part1, part2])");
        let (kind, m) = thrown(small.work(1.into()).unwrap_err());
        assert_eq!(kind, "invalid-option");
        assert_eq!(
            m,
            "pattern 2's table was exported already: there is no work left"
        );
        assert_eq!(small.part(), Some(2));
        assert!((small.progress() - 1.0).abs() < f64::EPSILON);
    }
    // A part for the other goal names its goal.
    let mut other = PatternDatabaseBuilder::new("blank-first".into(), Some(2.into())).unwrap();
    while !other.work(100_000.into()).unwrap() {}
    // Finished, not yet exported: work() has nothing left to do and says so by returning true.
    assert!(other.work(1.into()).unwrap());
    let (_, m) = thrown(other.install().unwrap_err());
    assert_eq!(m, "this build makes pattern 2 only: exportPart() it, and install the three parts with loadPatternDatabaseParts");
    assert_eq!(other.export_part().unwrap().length(), 3_360 * 13 / 4);
    let (_, m) = thrown(other.install().unwrap_err());
    assert!(
        m.ends_with("loadPatternDatabaseParts(\"blank-first\", [part0, part1, part2])"),
        "{m}"
    );
    let (_, m) = thrown(
        PatternDatabaseBuilder::new(JsValue::UNDEFINED, None)
            .unwrap()
            .export_part()
            .unwrap_err(),
    );
    assert_eq!(m, "this build makes all three patterns: install() it (exportPart() is for a build of one part)");
    // The three parts: an array of three byte arrays, each its pattern's size, hashing right.
    let bytes = |n: u32| JsValue::from(js_sys::Uint8Array::new_with_length(n));
    let three = |a, b, c| Array::of3(&a, &b, &c).into();
    for (parts, message) in [
        (JsValue::from("parts"), "loadPatternDatabaseParts(goal, parts): parts must be an array of the three parts' bytes (exportPart() of parts 0, 1 and 2), got \"parts\""),
        (Array::of2(&bytes(1), &bytes(1)).into(), "parts must be an array of the three parts' bytes (exportPart() of parts 0, 1 and 2), got an array"),
        (three(bytes(1), "x".into(), bytes(1)), "loadPatternDatabaseParts(goal, parts): parts[1] must be a Uint8Array or an ArrayBuffer (as exportPart() gives), got \"x\""),
        (three(bytes(1), bytes(1), bytes(1)), "pattern databases rejected: pattern 0's table has 1 bytes, not 14414400"),
        (three(bytes(14_414_400), bytes(14_414_400), bytes(10_920)), "pattern databases rejected: their SHA-256 digest is not that of this version's build"),
    ] {
        let (kind, m) = thrown(load_pattern_database_parts(JsValue::UNDEFINED, parts).unwrap_err());
        assert_eq!(kind, "invalid-option", "{m}");
        assert!(m.contains(message), "{m}\nexpected: {message}");
    }
    let (_, m) = thrown(load_pattern_database_parts(5.into(), JsValue::UNDEFINED).unwrap_err());
    assert_eq!(m, "loadPatternDatabaseParts(goal, parts): goal must be \"blank-last\" or \"blank-first\", got 5");
}

#[wasm_bindgen_test]
fn frontier_searches_through_the_solver() {
    let mut s = Solver::new(object(&[
        ("board", "1 2 3 4 0 6 7 5 8".into()),
        ("algorithm", "bfs".into()),
    ]))
    .unwrap();
    assert_eq!(s.algorithm(), "bfs");
    let first = s.step();
    assert_eq!(get(&first, "type").as_string().unwrap(), "generate");
    assert!(get(&first, "parent").is_null());
    // Taking the start off empties the frontier; its first child refills it.
    assert_eq!(get(&s.step(), "type").as_string().unwrap(), "expand");
    assert_eq!(get(&s.step(), "type").as_string().unwrap(), "generate");
    let frontier = s.frontier(10.into()).unwrap();
    assert!(Array::from(&frontier).length() > 0);
    let summary = s.run(JsValue::UNDEFINED).unwrap();
    assert_eq!(get(&summary, "length").as_f64(), Some(2.0));
    assert_eq!(get(&summary, "expanded").as_f64(), Some(12.0));
    assert!(get(&summary, "maxFrontier").as_f64().unwrap() > 0.0);
    let mut guarded = Solver::new(object(&[
        ("board", "13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2".into()),
        ("algorithm", "bfs".into()),
        ("maxReached", 500.into()),
    ]))
    .unwrap();
    assert_eq!(
        get(&guarded.run(JsValue::UNDEFINED).unwrap(), "status")
            .as_string()
            .unwrap(),
        "gaveup"
    );
    for (options, message) in [
        (
            object(&[
                ("board", "1 2 3 4 0 6 7 5 8".into()),
                ("algorithm", "dijkstra".into()),
            ]),
            "unknown algorithm",
        ),
        (
            object(&[
                ("board", "1 2 3 4 0 6 7 5 8".into()),
                ("maxReached", 0.into()),
            ]),
            "maxReached must be",
        ),
    ] {
        let (_, m) = thrown(Solver::new(options).err().unwrap());
        assert!(m.contains(message), "{m}");
    }
}

/// Evaluates a JS expression: the hostile values a caller can pass (getters, proxies).
fn eval(expression: &str) -> JsValue {
    Function::new_no_args(&format!("return ({expression});"))
        .call0(&JsValue::NULL)
        .unwrap()
}

#[wasm_bindgen_test]
fn throwing_getters_and_proxy_traps_are_errors_that_name_what_was_read() {
    let mut reference = solver("6 4 5 8 2 7 1 0 3");
    let all = step_all(&mut reference);
    let mut s = solver("6 4 5 8 2 7 1 0 3");
    s.step();
    for (code, message) in [
        (
            "new Proxy({}, {ownKeys() { throw 0 }})",
            "listing the keys of run(options) threw: 0",
        ),
        (
            "{get maxNodes() { throw new Error('boom') }}",
            "reading option maxNodes of run(options) threw: Error: boom",
        ),
        (
            "{get onEvent() { throw new TypeError('no') }}",
            "reading option onEvent of run(options) threw: TypeError: no",
        ),
        (
            "new Proxy({maxNodes: 1}, {get() { throw 'trap' }})",
            "reading option maxNodes of run(options) threw: \"trap\"",
        ),
        (
            "new Proxy({maxNodes: 1}, {getOwnPropertyDescriptor() { throw 1 }})",
            "listing the keys of run(options) threw: 1",
        ),
        (
            "(() => { const p = Proxy.revocable({}, {}); p.revoke(); return p.proxy; })()",
            "checking the run(options) object threw: TypeError: ",
        ),
    ] {
        let (kind, m) = thrown(s.run(eval(code)).unwrap_err());
        assert_eq!(kind, "input-threw", "{code}: {m}");
        assert!(m.starts_with(message), "{code}: {m}");
    }
    // Nothing ran (a budget getter that throws is not ignored): the next event is the second.
    assert_eq!(json(&s.step()), json(&all[1]));

    let board = "'6 4 5 8 2 7 1 0 3'";
    for (code, message) in [
        (
            "new Proxy({}, {ownKeys() { throw new Error('keys') }})".to_string(),
            "listing the keys of new Solver(options) threw: Error: keys",
        ),
        (
            "{get board() { throw 5 }}".into(),
            "reading option board of new Solver(options) threw: 5",
        ),
        (
            format!("{{board: {board}, get heuristic() {{ throw null }}}}"),
            "reading option heuristic of new Solver(options) threw: null",
        ),
        (
            format!("{{board: {board}, get maxReached() {{ throw Symbol() }}}}"),
            "reading option maxReached of new Solver(options) threw: a symbol",
        ),
        (
            "{board: new Proxy([1, 2, 3, 4, 0, 6, 7, 5, 8], {get(t, k) { if (k === '3') throw new RangeError('no'); return t[k]; }})}".into(),
            "reading element 4 of the board array threw: RangeError: no",
        ),
        (
            "{board: new Proxy([], {get(t, k) { if (k === 'length') throw 7; return t[k]; }})}"
                .into(),
            "reading the length of the board array threw: 7",
        ),
        (
            "{board: (() => { const p = Proxy.revocable([], {}); p.revoke(); return p.proxy; })()}"
                .into(),
            "checking the board array threw: TypeError: ",
        ),
    ] {
        let (kind, m) = thrown(Solver::new(eval(&code)).err().unwrap());
        assert_eq!(kind, "input-threw", "{code}: {m}");
        assert!(m.starts_with(message), "{code}: {m}");
    }
    // A getPrototypeOf trap is never run (no instanceof): the options are read as they are.
    let mut proxied = Solver::new(eval(&format!(
        "new Proxy({{board: {board}}}, {{getPrototypeOf() {{ throw 2 }}}})"
    )))
    .unwrap();
    assert_eq!(json(&proxied.step()), json(&all[0]));
    // Board helpers read arrays the same way.
    let (kind, m) = thrown(
        board_after(
            "1 2 3 4 0 6 7 5 8".into(),
            eval("new Proxy([5], {get(t, k) { if (k === '0') throw 'x'; return t[k]; }})"),
        )
        .unwrap_err(),
    );
    assert_eq!(kind, "input-threw");
    assert_eq!(m, "reading element 1 of the moves array threw: \"x\"");
    s.run(JsValue::UNDEFINED).unwrap();
    assert_eq!(s.status(), "solved");
}

#[wasm_bindgen_test]
fn every_parameter_is_checked_not_coerced() {
    let mut s = solver("1 2 3 4 0 6 7 5 8");
    let b = || JsValue::from("1 2 3 4 0 6 7 5 8");
    let symbol = eval("Symbol()");
    let mut builder = PatternDatabaseBuilder::new(JsValue::UNDEFINED, None).unwrap();
    let cases: Vec<(Result<JsValue, JsValue>, &str)> = vec![
        (
            describe_board(b(), 5.into()),
            "describeBoard(board, goal): goal must be \"blank-last\" or \"blank-first\", got 5",
        ),
        (
            random_board(3.into(), 7.into(), 1.into()).map(Into::into),
            "randomBoard(width, goal, seed): goal must be \"blank-last\" or \"blank-first\", got 7",
        ),
        (
            pattern_databases_ready(Object::new().into()).map(Into::into),
            "patternDatabasesReady(goal): goal must be \"blank-last\" or \"blank-first\", got an object",
        ),
        (
            PatternDatabaseBuilder::new(5.into(), None).map(|_| JsValue::NULL),
            "new PatternDatabaseBuilder(goal): goal must be \"blank-last\" or \"blank-first\", got 5",
        ),
        (
            load_pattern_databases(5.into(), js_sys::Uint8Array::new_with_length(4).into())
                .map(|()| JsValue::NULL),
            "loadPatternDatabases(goal, bytes): goal must be \"blank-last\" or \"blank-first\", got 5",
        ),
        (
            export_pattern_databases(symbol.clone()).map(Into::into),
            "exportPatternDatabases(goal): goal must be \"blank-last\" or \"blank-first\", got a symbol",
        ),
        (
            load_pattern_databases(JsValue::UNDEFINED, tiles(&[1, 2])).map(|()| JsValue::NULL),
            "loadPatternDatabases(goal, bytes): bytes must be a Uint8Array or an ArrayBuffer (as exportPatternDatabases gives), got an array",
        ),
        (
            load_pattern_databases(JsValue::UNDEFINED, "bytes".into()).map(|()| JsValue::NULL),
            "bytes must be a Uint8Array or an ArrayBuffer (as exportPatternDatabases gives), got \"bytes\"",
        ),
        (
            s.skip("5".into()).map(Into::into),
            "skip(n) takes a whole number of events (0 or more), got \"5\"",
        ),
        (
            s.step_many(true.into(), None).map(Into::into),
            "stepMany(n) takes a whole number of events from 0 to 1000000, got true",
        ),
        (
            s.frontier("3".into()),
            "frontier(limit) takes a whole number from 0 to 1000, got \"3\"",
        ),
        (
            builder.work("5".into()).map(Into::into),
            "work(budget) takes a whole number from 1 to 1e9, got \"5\"",
        ),
        (
            board_after(b(), eval("[-251]")).map(Into::into),
            "boardAfter(start, moves): element 1 of moves is -251, not a tile (a whole number from 1 to 24)",
        ),
        (
            board_after(b(), "58".into()).map(Into::into),
            "boardAfter(start, moves): moves must be an array of tiles, got \"58\"",
        ),
        (
            random_board(3.7.into(), JsValue::UNDEFINED, 1.into()).map(Into::into),
            "randomBoard(width, goal, seed): width must be a whole number (3, 4 or 5), got 3.7",
        ),
        (
            random_board((-1).into(), JsValue::UNDEFINED, 1.into()).map(Into::into),
            "randomBoard(width, goal, seed): width must be a whole number (3, 4 or 5), got -1",
        ),
        (
            random_board("4".into(), JsValue::UNDEFINED, 1.into()).map(Into::into),
            "width must be a whole number (3, 4 or 5), got \"4\"",
        ),
        (
            random_board(4.into(), JsValue::UNDEFINED, "1".into()).map(Into::into),
            "randomBoard(width, goal, seed): seed must be a number, got \"1\"",
        ),
        (
            parse_board(eval("10n")).map(Into::into),
            "board must be text (\"6 4 5 / 8 2 7 / 1 0 3\") or an array of numbers, got a bigint",
        ),
        (
            Solver::new(object(&[("board", b()), ("heuristic", symbol.clone())])).map(|_| JsValue::NULL),
            "heuristic must be a string, got a symbol",
        ),
        (
            s.run(eval("{onEvent: {}}")),
            "onEvent must be a function (event) => …, got an object",
        ),
        (
            s.run(eval("[]")),
            "run(options) must be an object like {maxNodes, onEvent}, got an array",
        ),
    ];
    for (result, message) in cases {
        let (kind, m) = thrown(result.expect_err(message));
        assert_eq!(kind, "invalid-option", "{m}");
        assert!(m.contains(message), "{m}\nexpected: {message}");
    }
    // A tile that is a whole number is slid (or refused) by the board's rules.
    assert_eq!(
        thrown(board_after(b(), tiles(&[1])).unwrap_err()).0,
        "not-adjacent"
    );
    let bytes = js_sys::Uint8Array::new_with_length(10);
    for value in [bytes.clone().into(), bytes.buffer().into()] {
        let (kind, m) = thrown(load_pattern_databases(JsValue::UNDEFINED, value).unwrap_err());
        assert_eq!(
            (kind.as_str(), m.as_str()),
            ("invalid-option", "pattern databases rejected: wrong size")
        );
    }
    let summary = s.run(JsValue::UNDEFINED).unwrap();
    assert_eq!(json(&get(&summary, "moves")), "[5,8]");
}

/// 20,000 here (the debug build in a browser page must not block it for long); the built
/// package takes 100,000 through its guard in tests/js/hardening.test.mjs.
#[wasm_bindgen_test]
fn twenty_thousand_thrown_errors_leave_every_solver_working() {
    let board = "6 4 5 8 2 7 1 0 3";
    let mut reference = solver(board);
    let all: Vec<String> = step_all(&mut reference).iter().map(json).collect();
    let mut solvers: Vec<Solver> = (0..3).map(|_| solver(board)).collect();
    for (i, s) in solvers.iter_mut().enumerate() {
        for _ in 0..i * 7 {
            s.step();
        }
    }
    let own_keys = eval("new Proxy({}, {ownKeys() { throw 0 }})");
    let getter = eval("{get maxNodes() { throw new Error('boom') }}");
    let board_getter = eval("{get board() { throw 1 }}");
    let bad_element =
        eval("{board: new Proxy([1, 2, 3, 4, 0, 6, 7, 5, 8], {get(t, k) { if (k === '2') throw 3; return t[k]; }})}");
    let throwing_callback = eval("{onEvent() { throw new Error('stop') }}");
    let mut scratch = solver(board);
    let mut kinds = std::collections::BTreeMap::new();
    for i in 0..20_000 {
        let s = &mut solvers[i % 3];
        let error = match i % 10 {
            0 => Solver::new(own_keys.clone()).err().unwrap(),
            1 => s.run(getter.clone()).unwrap_err(),
            2 => Solver::new(board_getter.clone()).err().unwrap(),
            3 => Solver::new(bad_element.clone()).err().unwrap(),
            4 => s.step_many("5".into(), None).unwrap_err(),
            5 => describe_board(board.into(), 5.into()).unwrap_err(),
            6 => board_after(board.into(), tiles(&[6])).unwrap_err(),
            7 => Solver::new(object(&[("board", "1 2 3 4 4 6 7 8 0".into())]))
                .err()
                .unwrap(),
            8 => {
                scratch.reset();
                scratch.run(throwing_callback.clone()).unwrap_err()
            }
            _ => s.run(own_keys.clone()).unwrap_err(),
        };
        let kind = get(&error, "kind")
            .as_string()
            .unwrap_or_else(|| "(onEvent's own)".into());
        *kinds.entry(kind).or_insert(0) += 1;
    }
    assert_eq!(
        kinds.keys().cloned().collect::<Vec<_>>(),
        [
            "(onEvent's own)",
            "duplicate-tile",
            "input-threw",
            "invalid-option",
            "not-adjacent"
        ]
    );
    // Every solver goes on from where it stood, and new ones work.
    for (i, s) in solvers.iter_mut().enumerate() {
        let rest: Vec<String> = step_all(s).iter().map(json).collect();
        assert_eq!(rest, all[i * 7..], "solver {i}");
    }
    let mut fresh = solver(board);
    assert_eq!(
        step_all(&mut fresh).iter().map(json).collect::<Vec<_>>(),
        all
    );
}

#[wasm_bindgen_test]
fn step_many_is_capped_and_keeps_no_large_buffer() {
    let (kind, m) = thrown(
        solver("1 2 3 4 0 6 7 5 8")
            .step_many(1e7.into(), None)
            .unwrap_err(),
    );
    assert_eq!(kind, "invalid-option");
    assert_eq!(
        m,
        "stepMany(n) takes a whole number of events from 0 to 1000000, got 10000000"
    );
    let memory = || {
        f64::from(
            wasm_bindgen::memory()
                .unchecked_into::<js_sys::WebAssembly::Memory>()
                .buffer()
                .unchecked_into::<js_sys::ArrayBuffer>()
                .byte_length(),
        )
    };
    let before = memory();
    // A 2-move board: the largest batch produces a few events, and reserves no more.
    let mut solvers: Vec<Solver> = (0..20).map(|_| solver("1 2 3 4 0 6 7 5 8")).collect();
    for s in &mut solvers {
        let words = s.step_many(1_000_000.into(), None).unwrap();
        assert!(words.length() < 100 * RECORD_WORDS as u32);
    }
    // A batch that produces a million events gives its 32 MB back after the call.
    let mut big = solver("13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2");
    for _ in 0..2 {
        let words = big.step_many(1_000_000.into(), None).unwrap();
        assert_eq!(words.length(), 1_000_000 * RECORD_WORDS as u32);
    }
    solvers.push(big);
    let grown = memory() - before;
    assert!(grown < 100e6, "memory grew by {grown} bytes");
}

#[wasm_bindgen_test]
fn the_guard_messages_come_from_the_core() {
    let cases = [
        (
            ("freed", "Solver", "nodes", ""),
            "this Solver was freed (free() was called): create a new Solver",
        ),
        (
            ("freed", "PatternDatabaseBuilder", "free", ""),
            "this PatternDatabaseBuilder was freed (free() was called): create a new PatternDatabaseBuilder",
        ),
        (
            ("busy", "Solver", "step", "run"),
            "step cannot be called from inside its own onEvent callback or option getters: this Solver is still in run(); call it after run() returns",
        ),
        (
            ("wrong-this", "Solver", "step", ""),
            "Solver.prototype.step was called on something that is not a Solver: call it on an object made by new Solver(…)",
        ),
        (
            ("interrupted", "Solver", "run", "RangeError: Maximum call stack size exceeded"),
            "run was interrupted by a JavaScript error thrown inside it (RangeError: Maximum call stack size exceeded): this Solver can no longer be used, create a new Solver; other objects are not affected",
        ),
        (
            ("interrupted", "", "describeBoard", "RangeError: x\u{1b}]0;"),
            "describeBoard was interrupted by a JavaScript error thrown inside it (RangeError: x\\u{1b}]0;): nothing else is affected, call it again",
        ),
    ];
    for ((kind, class, member, running), message) in cases {
        let error = guard_error(kind.into(), class.into(), member.into(), running.into());
        assert_eq!(get(&error, "name").as_string().unwrap(), "TileSearchError");
        assert_eq!(thrown(error), (kind.to_string(), message.to_string()));
    }
}

#[wasm_bindgen_test]
fn seek_lands_where_stepping_does_and_checks_its_argument() {
    let board = "8 6 7 2 5 4 3 0 1";
    let all: Vec<String> = step_all(&mut solver(board)).iter().map(json).collect();
    let total = all.len() as u64;
    let mut s = solver(board);
    let mut rng = Rng(5);
    // Forwards and backwards in random order, the ends and past the end included.
    let mut targets = vec![0, 1, total - 1, total, total + 10, total / 2];
    targets.extend((0..20).map(|_| rng.next() % total));
    for target in targets {
        let reached = s.seek((target as f64).into()).unwrap();
        assert_eq!(reached, target.min(total) as f64);
        let mut fresh = solver(board);
        fresh.skip((target as f64).into()).unwrap();
        assert_eq!(json(&s.summary()), json(&fresh.summary()), "seek({target})");
        assert_eq!(json(&s.path().into()), json(&fresh.path().into()));
        assert_eq!(json(&s.board().into()), json(&fresh.board().into()));
        for expected in all.iter().skip(target as usize).take(3) {
            assert_eq!(&json(&s.step()), expected, "after seek({target})");
        }
    }
    // A frontier search replays.
    let bfs = || {
        Solver::new(object(&[
            ("board", "1 2 3 4 0 6 7 5 8".into()),
            ("algorithm", "bfs".into()),
        ]))
        .unwrap()
    };
    let (mut a, mut b) = (bfs(), bfs());
    a.skip(7.into()).unwrap();
    assert_eq!(a.seek(3.into()).unwrap(), 3.0);
    b.skip(3.into()).unwrap();
    assert_eq!(json(&a.step()), json(&b.step()));
    // Bad arguments throw and leave the solver where it was.
    let mut s = solver(board);
    s.seek(5.into()).unwrap();
    for (value, got) in [
        (JsValue::from(-1), "-1"),
        (JsValue::from(0.5), "0.5"),
        (JsValue::from("5"), "\"5\""),
        (JsValue::from(f64::NAN), "NaN"),
        (JsValue::from(9_007_199_254_740_992.0), "9007199254740992"),
        (JsValue::UNDEFINED, "undefined"),
    ] {
        let (kind, message) = thrown(s.seek(value).unwrap_err());
        assert_eq!(kind, "invalid-option");
        assert!(
            message.contains(&format!(
                "seek(position) takes a whole number of events (0 or more), got {got}"
            )),
            "{message}"
        );
    }
    assert_eq!(json(&s.step()), all[5]);
}

#[wasm_bindgen_test]
fn child_tiles_are_the_children_the_visited_node_generates_in_order() {
    // Right after each `node` event, childTiles lists the tiles of the events (visited or
    // pruned) whose parent is that node, in the order the trace has them: on a full trace of
    // the lecture's challenging case and on a 15-puzzle prefix.
    for (board, limit) in [
        ("6 4 5 8 2 7 1 0 3", usize::MAX),
        ("1 3 5 6 0 13 14 9 11 4 8 12 10 7 15 2", 20_000),
    ] {
        let mut s = solver(board);
        let mut announced: Vec<(f64, Vec<f64>)> = Vec::new();
        let mut children: std::collections::HashMap<u64, Vec<f64>> = Default::default();
        let mut checked = 0;
        for _ in 0..limit {
            let event = s.step();
            if event.is_undefined() {
                break;
            }
            let kind = get(&event, "type").as_string().unwrap();
            if kind != "node" && kind != "prune" {
                continue;
            }
            let (id, parent) = (get(&event, "id"), get(&event, "parent"));
            if let Some(parent) = parent.as_f64() {
                let tile = get(&event, "tile").as_f64().unwrap();
                children.entry(parent as u64).or_default().push(tile);
            }
            if kind == "node" && get(&event, "h").as_f64() != Some(0.0) {
                let tiles: Vec<f64> = s
                    .child_tiles()
                    .iter()
                    .map(|v| v.as_f64().unwrap())
                    .collect();
                assert!(!tiles.is_empty() && tiles.len() <= 4, "{tiles:?}");
                announced.push((id.as_f64().unwrap(), tiles));
            }
        }
        // The trace may stop before a node's last children (the solution's path, a prefix):
        // the children seen come first, in order; a node whose children all came is counted.
        for (id, tiles) in &announced {
            let seen = children.get(&(*id as u64)).cloned().unwrap_or_default();
            assert!(
                tiles.starts_with(&seen),
                "node {id} of {board}: {seen:?} {tiles:?}"
            );
            if seen.len() == tiles.len() {
                checked += 1;
            }
        }
        assert!(checked > 100, "{checked} nodes checked on {board}");
    }
    // The start's children: every tile next to the blank (none is undone there).
    assert_eq!(
        json(&solver("1 2 3 4 0 5 6 7 8").child_tiles().into()),
        "[4,5,2,7]"
    );
    // A frontier search has no path to stand on.
    let bfs = Solver::new(object(&[
        ("board", "1 2 3 4 0 6 7 5 8".into()),
        ("algorithm", "bfs".into()),
    ]))
    .unwrap();
    assert_eq!(bfs.child_tiles().length(), 0);
}

/// The minimal trace a student prints, from a Solver's events.
fn student_trace(s: &mut Solver) -> String {
    let mut lines = String::new();
    for event in step_all(s) {
        let kind = get(&event, "type").as_string().unwrap();
        let keep: &[&str] = match kind.as_str() {
            "iteration" => &["type", "threshold"],
            "node" | "prune" => &["type", "g", "h", "f", "tile"],
            "raise" => &["type", "from", "to"],
            "solved" => &["type", "length", "moves"],
            _ => continue,
        };
        let small = Object::new();
        for key in keep {
            Reflect::set(&small, &(*key).into(), &get(&event, key)).unwrap();
        }
        lines.push_str(&json(&small.into()));
        lines.push('\n');
    }
    lines
}

#[wasm_bindgen_test]
fn the_move_order_option_and_check_trace() {
    let board = "6 4 5 8 2 7 1 0 3";
    let mut s = Solver::new(object(&[("board", board.into()), ("order", "udlr".into())])).unwrap();
    assert_eq!(s.order(), "udlr");
    assert_eq!(solver(board).order(), "lrud");
    let trace = student_trace(&mut s);
    // A correct trace, its order inferred.
    let verdict = check_trace(object(&[("board", board.into())]), trace.clone().into()).unwrap();
    // Plain objects all the way down (a Map would print as {}).
    assert!(
        json(&verdict).contains("\"summary\":{\"iterations\":5,"),
        "{}",
        json(&verdict)
    );
    assert_eq!(get(&verdict, "ok"), JsValue::TRUE);
    assert_eq!(get(&verdict, "order").as_string().unwrap(), "udlr");
    assert_eq!(
        get(&get(&verdict, "summary"), "length").as_f64(),
        Some(25.0)
    );
    // The third line visited where IDA* prunes it.
    let wrong: String = trace
        .lines()
        .enumerate()
        .map(|(i, l)| if i == 2 { l.replace("prune", "node") } else { l.to_string() } + "\n")
        .collect();
    let verdict = check_trace(object(&[("board", board.into())]), wrong.into()).unwrap();
    assert_eq!(get(&verdict, "ok"), JsValue::FALSE);
    assert_eq!(get(&verdict, "line").as_f64(), Some(3.0));
    assert_eq!(get(&verdict, "kind").as_string().unwrap(), "not-pruned");
    assert_eq!(
        get(&get(&verdict, "expected"), "type").as_string().unwrap(),
        "prune"
    );
    assert_eq!(get(&verdict, "position").as_f64(), Some(2.0));
    // Bad calls throw the core's message and change nothing.
    for (options, trace, words) in [
        (
            object(&[("board", "1 2 3 4 5 6 8 7 0".into())]),
            JsValue::from(""),
            "unsolvable",
        ),
        (
            object(&[("board", board.into()), ("order", "lrd".into())]),
            "".into(),
            "once each",
        ),
        (
            object(&[("board", board.into()), ("speed", 1.into())]),
            "".into(),
            "unknown option",
        ),
        (
            object(&[("board", board.into())]),
            5.into(),
            "trace must be a string",
        ),
        (JsValue::UNDEFINED, "".into(), "needs options"),
    ] {
        let (_, message) = thrown(check_trace(options, trace).unwrap_err());
        assert!(message.contains(words), "{message}");
    }
    let bad = Solver::new(object(&[
        ("board", board.into()),
        ("order", "lrudx".into()),
    ]));
    let (kind, message) = thrown(bad.err().unwrap());
    assert_eq!(kind, "invalid-option");
    assert!(
        message.contains("give l, r, u and d once each"),
        "{message}"
    );
}

/// A value as `postMessage` delivers it (a plain object survives JSON, as it survives a
/// structured clone).
fn posted(value: &JsValue) -> JsValue {
    js_sys::JSON::parse(&json(value)).unwrap()
}

/// Options of a parallel search on `board`.
fn parallel_options(board: &str, order: &str, workers: Option<u32>) -> JsValue {
    let mut pairs = vec![("board", board.into()), ("order", order.into())];
    if let Some(w) = workers {
        pairs.push(("workers", w.into()));
    }
    object(&pairs)
}

/// Drives a coordinator and two searchers as a pool would: packets round-robin, each
/// iteration's results accepted in reverse (out of order), unneeded packets skipped. Returns
/// the summary as JSON.
fn pool_run(board: &str, order: &str, workers: u32) -> String {
    pool_run_with(parallel_options(board, order, Some(workers)), board, order).0
}

/// `pool_run` with the coordinator's options given; also returns its `splitIterations`.
fn pool_run_with(options: JsValue, board: &str, order: &str) -> (String, u32) {
    let mut run = ParallelSearch::new(options).unwrap();
    let mut searchers: Vec<PacketSearcher> = (0..2)
        .map(|_| PacketSearcher::new(parallel_options(board, order, None)).unwrap())
        .collect();
    loop {
        let iteration = run.iteration();
        if iteration.is_null() {
            break;
        }
        let packets: Array = get(&iteration, "packets").unchecked_into();
        assert!(packets.length() > 0);
        let mut results = Vec::new();
        for (i, packet) in packets.iter().enumerate() {
            let task = posted(&object(&[
                ("iteration", get(&iteration, "iteration")),
                ("threshold", get(&iteration, "threshold")),
                ("packet", packet),
            ]));
            let result = searchers[i % 2].search(task).unwrap();
            assert_plain(&result);
            results.push(posted(&result));
        }
        let mut complete = false;
        for result in results.iter().rev() {
            let index = get(result, "index");
            if run.needed(index).unwrap() {
                assert!(!complete);
                complete = run.accept(result.clone()).unwrap();
            }
        }
        assert!(complete);
    }
    (json(&run.summary()), run.split_iterations())
}

#[wasm_bindgen_test]
fn the_adaptive_split_gives_the_solvers_summary_and_refuses_bad_thresholds() {
    let worth = parallel_split_above();
    assert!(worth >= 1.0 && worth.fract() == 0.0, "{worth}");
    // Korf #12 (blank-last): 45 moves, 151,050 children generated with Manhattan.
    let board = "1 3 5 6 0 13 14 9 11 4 8 12 10 7 15 2";
    let mut solver = Solver::new(parallel_options(board, "lrud", None)).unwrap();
    let expected = json(&solver.run(JsValue::UNDEFINED).unwrap());
    let with = |workers: u32, above: f64| {
        object(&[
            ("board", board.into()),
            ("order", "lrud".into()),
            ("workers", workers.into()),
            ("splitAbove", above.into()),
        ])
    };
    let mut splits = Vec::new();
    for (workers, above) in [(2, 0.0), (2, 1.0), (2, worth), (2, 1e15), (1, 1.0)] {
        let (summary, split) = pool_run_with(with(workers, above), board, "lrud");
        assert_eq!(summary, expected, "{workers} workers, splitAbove {above}");
        splits.push(split);
    }
    assert!(
        splits[1] >= 1 && splits[1] <= splits[0],
        "all but the first: {splits:?}"
    );
    assert!(
        splits[2] <= splits[1],
        "no more at the pool's default: {splits:?}"
    );
    assert_eq!((splits[3], splits[4]), (0, 0), "none: {splits:?}");
    // The 8-puzzle at the pool's default: never split.
    let small = object(&[
        ("board", "8 6 7 2 5 4 3 0 1".into()),
        ("workers", 2.into()),
        ("splitAbove", worth.into()),
    ]);
    assert_eq!(pool_run_with(small, "8 6 7 2 5 4 3 0 1", "lrud").1, 0);
    for bad in [
        JsValue::from(-1),
        JsValue::from(1.5),
        JsValue::from("5"),
        JsValue::from(f64::NAN),
    ] {
        let options = object(&[("board", board.into()), ("splitAbove", bad)]);
        let (kind, message) = thrown(ParallelSearch::new(options).err().unwrap());
        assert_eq!(kind, "invalid-option");
        assert!(
            message.contains("splitAbove must be a whole number of nodes"),
            "{message}"
        );
    }
}

#[wasm_bindgen_test]
fn a_pool_of_packet_searchers_gives_the_solvers_summary() {
    let boards = [
        "6 4 5 / 8 2 7 / 1 0 3",
        "8 6 7 2 5 4 3 0 1",
        "1 2 3 4 5 6 7 8 0",
        "1 2 3 4 5 6 0 7 8",
        // Korf #12 and #42 (blank-last), 45 and 42 moves.
        "1 3 5 6 0 13 14 9 11 4 8 12 10 7 15 2",
        "6 1 15 8 5 10 13 0 3 4 2 7 14 9 11 12",
    ];
    for (k, board) in boards.into_iter().enumerate() {
        let order = ["lrud", "udlr", "dlru"][k % 3];
        let mut solver = Solver::new(parallel_options(board, order, None)).unwrap();
        let expected = json(&solver.run(JsValue::UNDEFINED).unwrap());
        for workers in [1, 2, 5] {
            assert_eq!(
                pool_run(board, order, workers),
                expected,
                "{board} {order} {workers}"
            );
        }
    }
}

#[wasm_bindgen_test]
fn parallel_search_bad_calls_throw_and_leave_it_usable() {
    let board = "8 6 7 2 5 4 3 0 1";
    let bad_options = [
        (
            object(&[("board", board.into()), ("workers", 0.into())]),
            "invalid-option",
            "workers must be a whole number from 1 to 256, got 0",
        ),
        (
            object(&[("board", board.into()), ("workers", "2".into())]),
            "invalid-option",
            "got \"2\"",
        ),
        (
            object(&[("board", board.into()), ("workers", 1.5.into())]),
            "invalid-option",
            "got 1.5",
        ),
        (
            object(&[("board", board.into()), ("algorithm", "ida".into())]),
            "invalid-option",
            "unknown option \"algorithm\"",
        ),
        (
            object(&[("board", "2 1 3 4 5 6 7 8 0".into())]),
            "unsolvable",
            "unsolvable",
        ),
        (
            object(&[("board", board.into()), ("heuristic", "pdb".into())]),
            "pdb-width",
            "4×4",
        ),
        (
            JsValue::UNDEFINED,
            "invalid-option",
            "new ParallelSearch needs options",
        ),
    ];
    for (options, kind, says) in bad_options {
        let (k, message) = thrown(ParallelSearch::new(options).err().unwrap());
        assert_eq!(k, kind, "{message}");
        assert!(message.contains(says), "{message} ({says})");
    }
    let (k, message) = thrown(
        PacketSearcher::new(object(&[("board", board.into()), ("workers", 2.into())]))
            .err()
            .unwrap(),
    );
    assert_eq!(k, "invalid-option");
    assert!(message.contains("unknown option \"workers\""), "{message}");

    let mut run = ParallelSearch::new(parallel_options(board, "lrud", Some(2))).unwrap();
    let mut searcher = PacketSearcher::new(parallel_options(board, "lrud", None)).unwrap();
    let iteration = run.iteration();
    let n = get(&iteration, "iteration");
    let packets: Array = get(&iteration, "packets").unchecked_into();
    let task = |packet: JsValue| {
        object(&[
            ("iteration", n.clone()),
            ("threshold", get(&iteration, "threshold")),
            ("packet", packet),
        ])
    };
    let bad_tasks = [
        (JsValue::UNDEFINED, "search(task) needs a task"),
        (
            object(&[("iteration", n.clone())]),
            "task.threshold must be a whole number",
        ),
        (
            task(JsValue::NULL),
            "task.packet must be a packet {index, path}",
        ),
        (
            task(object(&[("index", 0.into()), ("path", "1 2".into())])),
            "task.packet.path must be an array of tiles",
        ),
        (
            task(object(&[("index", 0.into()), ("path", tiles(&[6]))])),
            "tile 6 cannot slide",
        ),
        (
            task(object(&[("index", 0.into()), ("path", tiles(&[3, 3]))])),
            "slides tile 3 back at step 2",
        ),
        (
            task(object(&[("index", (-1).into()), ("path", tiles(&[]))])),
            "task.packet.index must be a whole number",
        ),
    ];
    for (bad, says) in bad_tasks {
        let (_, message) = thrown(searcher.search(bad).err().unwrap());
        assert!(message.contains(says), "{message} ({says})");
    }
    let first = searcher.search(task(packets.get(0))).unwrap();
    let with = |key: &str, value: JsValue| {
        let copy = posted(&first);
        Reflect::set(&copy, &key.into(), &value).unwrap();
        copy
    };
    let count = packets.length();
    let bad_results = [
        (
            with("iteration", 99.into()),
            "unexpected-result",
            "the search is at iteration",
        ),
        (
            with("index", count.into()),
            "unexpected-result",
            &*format!("has {count} packets"),
        ),
        (
            with("visited", "1".into()),
            "invalid-option",
            "result.visited must be a whole number",
        ),
        (
            with("solution", tiles(&[1, 2, 3])),
            "unexpected-result",
            "no next threshold",
        ),
        (
            with("extra", 1.into()),
            "invalid-option",
            "unknown option \"extra\"",
        ),
        (
            JsValue::NULL,
            "invalid-option",
            "accept(result) needs a result",
        ),
    ];
    for (bad, kind, says) in bad_results {
        let (k, message) = thrown(run.accept(bad).err().unwrap());
        assert_eq!(k, kind, "{message}");
        assert!(message.contains(says), "{message} ({says})");
    }
    for bad in [JsValue::from(-1), "0".into(), JsValue::from(count)] {
        assert!(run.needed(bad).is_err());
    }
    assert!(run.needed(0.into()).unwrap());
    run.accept(first.clone()).unwrap();
    assert!(!run.needed(0.into()).unwrap());
    let (k, message) = thrown(run.accept(first).err().unwrap());
    assert_eq!(k, "unexpected-result");
    assert!(message.contains("it was taken already"), "{message}");
    // Still usable: the rest of the search gives the Solver's summary.
    loop {
        let iteration = run.iteration();
        if iteration.is_null() {
            break;
        }
        let packets: Array = get(&iteration, "packets").unchecked_into();
        for packet in packets.iter() {
            if run.needed(get(&packet, "index")).unwrap() {
                let task = object(&[
                    ("iteration", get(&iteration, "iteration")),
                    ("threshold", get(&iteration, "threshold")),
                    ("packet", packet),
                ]);
                run.accept(searcher.search(task).unwrap()).unwrap();
            }
        }
    }
    let mut solver = solver(board);
    assert_eq!(
        json(&run.summary()),
        json(&solver.run(JsValue::UNDEFINED).unwrap())
    );
    assert!(!run.needed(12_345.into()).unwrap());
}

#[wasm_bindgen_test]
fn long_option_values_are_quoted_short() {
    let board = "6 4 5 8 2 7 1 0 3";
    for (length, words) in [
        (10_000, "unknown heuristic \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…\" (10,000 characters): choose"),
        (100_000, "heuristic \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…\" (100,000 characters) is no heuristic"),
    ] {
        let huge = "x".repeat(length);
        let error = Solver::new(object(&[
            ("board", board.into()),
            ("heuristic", huge.as_str().into()),
        ]))
        .err()
        .unwrap();
        let (_, message) = thrown(error);
        assert!(message.contains(words), "{message}");
        assert!(message.len() < 300, "{message}");
    }
    // checkTrace takes a file's bytes: a UTF-16 trace with its byte-order mark is read.
    let mut s = solver(board);
    let trace = student_trace(&mut s);
    let utf16: Vec<u8> = std::iter::once('\u{feff}')
        .chain(trace.chars())
        .collect::<String>()
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    let bytes = js_sys::Uint8Array::from(utf16.as_slice());
    let verdict = check_trace(object(&[("board", board.into())]), bytes.into()).unwrap();
    assert_eq!(get(&verdict, "ok"), JsValue::TRUE, "{}", json(&verdict));
}

#[wasm_bindgen_test]
fn a_threshold_no_iteration_has_throws_and_the_searcher_goes_on() {
    // Every threshold the API takes, up to 4,294,967,295: above the longest optimal solution
    // of the board's size, a TileSearchError that says so, before any search (a recursion
    // that deep would have run out of stack); the searcher then answers as a new one does.
    let cases = [
        ("6 4 5 / 8 2 7 / 1 0 3", 31, "8-puzzle", 25),
        ("1 3 5 6 0 13 14 9 11 4 8 12 10 7 15 2", 80, "15-puzzle", 45),
    ];
    for (board, bound, puzzle, optimal) in cases {
        let task = |threshold: f64| {
            object(&[
                ("iteration", 1.into()),
                ("threshold", threshold.into()),
                (
                    "packet",
                    object(&[("index", 0.into()), ("path", tiles(&[]))]),
                ),
            ])
        };
        let mut searcher = PacketSearcher::new(parallel_options(board, "lrud", None)).unwrap();
        let good = json(&searcher.search(task(f64::from(optimal))).unwrap());
        for bad in [
            bound + 1,
            bound + 2,
            255,
            256,
            6692,
            10_000_000,
            i32::MAX as u32,
            1 << 31,
            4_294_967_040,
            u32::MAX - 1,
            u32::MAX,
        ] {
            let (kind, message) = thrown(searcher.search(task(f64::from(bad))).err().unwrap());
            assert_eq!(kind, "invalid-option", "{message}");
            assert_eq!(
                message,
                format!(
                    "the threshold {bad} is above {bound}: every {puzzle} is solved in at most \
                     {bound} moves, and IDA* with an admissible heuristic never raises its \
                     threshold past the optimal solution's length, so no iteration has this \
                     threshold"
                )
            );
            assert_eq!(
                json(&searcher.search(task(f64::from(optimal))).unwrap()),
                good
            );
        }
        // Past u32 the task itself is refused, as before.
        let (_, message) = thrown(searcher.search(task(4_294_967_296.0)).err().unwrap());
        assert!(
            message.contains("task.threshold must be a whole number from 0 to 4294967295"),
            "{message}"
        );
        // The bound itself is a threshold like any other: the 8-puzzle's whole iteration at 31.
        if bound == 31 {
            let at_bound = searcher.search(task(31.0)).unwrap();
            assert_eq!(get(&at_bound, "nextThreshold"), JsValue::NULL);
            assert!(Array::from(&get(&at_bound, "solution")).length() <= 31);
        }
    }
    // The coordinator refuses a next threshold no packet can report, and stays usable.
    let board = "6 4 5 / 8 2 7 / 1 0 3";
    let mut run = ParallelSearch::new(parallel_options(board, "lrud", Some(2))).unwrap();
    let mut searcher = PacketSearcher::new(parallel_options(board, "lrud", None)).unwrap();
    let iteration = run.iteration();
    let packets: Array = get(&iteration, "packets").unchecked_into();
    let first = posted(
        &searcher
            .search(object(&[
                ("iteration", get(&iteration, "iteration")),
                ("threshold", get(&iteration, "threshold")),
                ("packet", packets.get(0)),
            ]))
            .unwrap(),
    );
    for next in [4_294_967_040u32, u32::MAX] {
        let lying = posted(&first);
        Reflect::set(&lying, &"nextThreshold".into(), &next.into()).unwrap();
        let (kind, message) = thrown(run.accept(lying).err().unwrap());
        assert_eq!(kind, "unexpected-result", "{message}");
        assert!(
            message.contains("is more than 2 above the threshold"),
            "{message}"
        );
    }
    assert!(run.needed(0.into()).unwrap());
    run.accept(first).unwrap();
    assert!(!run.needed(0.into()).unwrap());
}

/// `PacketSearcher.begin(task)` and `resume(nodes)`: a packet searched a slice at a time gives
/// `search(task)`'s result, then undefined is never returned again for it; resume with no
/// packet, a bad count or a bad task throws a specific error and leaves the searcher usable.
#[wasm_bindgen_test]
fn packets_searched_in_slices() {
    let board = "6 4 5 / 8 2 7 / 1 0 3";
    let mut run = ParallelSearch::new(parallel_options(board, "lrud", Some(2))).unwrap();
    let mut whole = PacketSearcher::new(parallel_options(board, "lrud", None)).unwrap();
    let mut sliced = PacketSearcher::new(parallel_options(board, "lrud", None)).unwrap();
    let (kind, message) = thrown(sliced.resume(100.into()).err().unwrap());
    assert_eq!(kind, "invalid-option");
    assert!(message.contains("begin(task) first"), "{message}");
    let mut slices = 0;
    while !run.iteration().is_null() {
        let iteration = run.iteration();
        let packets: Array = get(&iteration, "packets").unchecked_into();
        let mut complete = false;
        for packet in packets.iter() {
            let task = object(&[
                ("iteration", get(&iteration, "iteration")),
                ("threshold", get(&iteration, "threshold")),
                ("packet", packet),
            ]);
            let expected = posted(&whole.search(task.clone()).unwrap());
            sliced.begin(task).unwrap();
            let result = loop {
                slices += 1;
                let got = sliced.resume(3.into()).unwrap();
                if !got.is_undefined() {
                    break posted(&got);
                }
            };
            assert_eq!(
                js_sys::JSON::stringify(&result).unwrap(),
                js_sys::JSON::stringify(&expected).unwrap()
            );
            assert!(sliced.resume(1.into()).is_err(), "the packet is over");
            let index = get(&result, "index");
            if run.needed(index).unwrap() {
                complete = run.accept(result).unwrap();
            }
            if complete {
                break;
            }
        }
        assert!(complete);
    }
    assert!(slices > 20, "{slices} slices");
    for bad in [
        JsValue::from(0),
        JsValue::from(1.5),
        JsValue::from("10"),
        JsValue::NULL,
    ] {
        let (kind, message) = thrown(sliced.resume(bad).err().unwrap());
        assert_eq!(kind, "invalid-option");
        assert!(
            message.contains("resume(nodes) takes a number of nodes"),
            "{message}"
        );
    }
    let bad_task = object(&[
        ("iteration", 1.into()),
        ("threshold", 5.into()),
        (
            "packet",
            object(&[("index", 0.into()), ("path", Array::of1(&6.into()).into())]),
        ),
    ]);
    let (kind, _) = thrown(sliced.begin(bad_task).err().unwrap());
    assert_eq!(kind, "not-adjacent");
    assert!(
        sliced.resume(1.into()).is_err(),
        "a failed begin leaves no packet"
    );
    let root = object(&[
        ("iteration", 1.into()),
        ("threshold", 25.into()),
        (
            "packet",
            object(&[("index", 0.into()), ("path", Array::new().into())]),
        ),
    ]);
    sliced.begin(root.clone()).unwrap();
    let done = sliced.resume(1_000_000.into()).unwrap();
    assert_eq!(
        js_sys::JSON::stringify(&posted(&done)).unwrap(),
        js_sys::JSON::stringify(&posted(&whole.search(root).unwrap())).unwrap()
    );
}
