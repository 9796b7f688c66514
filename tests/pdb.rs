//! The pattern-database heuristic: optimal on Korf's instances, admissible and consistent on
//! sampled states, at least Manhattan, and built deterministically.

mod common;

use common::{check_ida_trace, databases, korf, Rng};
use tilesearch::board::Direction;
use tilesearch::heuristic::pdb::{self, PatternDatabases, PdbBuilder};
use tilesearch::{ida_star, Board, Goal, HeuristicChoice, HeuristicKind, Search, Status};

/// The pdb heuristic for `goal`, with this binary's databases.
fn pdb(goal: Goal) -> HeuristicChoice {
    HeuristicChoice::Pdb(databases(goal))
}

fn solve(board: Board, goal: Goal) -> Box<dyn Search> {
    let mut s = ida_star(board, goal, pdb(goal)).unwrap();
    assert_eq!(s.run(None), Status::Solved);
    s
}

#[test]
fn the_build_is_deterministic() {
    for goal in Goal::ALL {
        let db = databases(goal);
        // 2 bits per (placement, blank cell): 57,657,600 states per 6-tile pattern.
        assert_eq!(db.bytes(), 2 * 57_657_600 / 4 + 3_360 * 13 / 4);
        // The pinned digest (a change in the partition or the build shows here).
        assert_eq!(db.digest(), pdb::pinned_digest(goal), "{goal}");
        // The serialised form reads back; a damaged one is refused.
        let mut bytes = db.to_bytes();
        let back = PatternDatabases::from_bytes(goal, &bytes).unwrap();
        assert_eq!(back.digest(), db.digest());
        bytes[100] ^= 1;
        assert!(PatternDatabases::from_bytes(goal, &bytes).is_err());
        let other = match goal {
            Goal::BlankLast => Goal::BlankFirst,
            Goal::BlankFirst => Goal::BlankLast,
        };
        assert!(PatternDatabases::from_bytes(other, &db.to_bytes()).is_err());
    }
}

#[test]
fn an_altered_copy_never_loads() {
    // A copy that is the right size, tag and goal but whose tables were altered (an entry lowered,
    // which could make the heuristic inadmissible) is refused: only the pinned digest vouches for
    // the tables, and nothing stored in the copy can stand in for it.
    let goal = Goal::BlankLast;
    let good = databases(goal).to_bytes();
    let header = 9;
    for at in [header, header + 1, good.len() / 2, good.len() - 1] {
        for shift in [0, 6] {
            let mut altered = good.clone();
            let entry = altered[at] >> shift & 3;
            altered[at] ^= (((entry + 1) % 3) ^ entry) << shift;
            assert_ne!(altered, good);
            let error = PatternDatabases::from_bytes(goal, &altered).unwrap_err();
            assert_eq!(
                error.to_string(),
                "pattern databases rejected: their SHA-256 digest is not that of this version's build (a damaged or altered copy)",
            );
        }
    }
    assert!(PatternDatabases::from_bytes(goal, &good).is_ok());
}

#[test]
fn a_sliced_build_equals_a_whole_one() {
    let mut builder = PdbBuilder::new(Goal::BlankLast);
    let mut last = 0.0;
    while !builder.work(200_000) {
        assert!(builder.progress() >= last);
        last = builder.progress();
    }
    assert_eq!(builder.progress(), 1.0);
    let sliced = builder.finish().unwrap();
    assert_eq!(sliced.digest(), databases(Goal::BlankLast).digest());
}

#[test]
fn the_three_parts_built_apart_make_the_same_databases() {
    // Built at once on three threads, as a page's workers build them.
    let goal = Goal::BlankFirst;
    let parts: Vec<Vec<u8>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..3)
            .map(|part| {
                scope.spawn(move || {
                    let mut builder = PdbBuilder::part(goal, part).unwrap();
                    assert_eq!(builder.part_number(), Some(part));
                    let mut last = 0.0;
                    while !builder.work(1 << 20) {
                        assert!(builder.progress() >= last && builder.progress() < 1.0);
                        last = builder.progress();
                    }
                    assert_eq!(builder.progress(), 1.0);
                    builder.finish_part().unwrap()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let whole = databases(goal);
    let together = PatternDatabases::from_parts(goal, [0, 1, 2].map(|p| parts[p].clone())).unwrap();
    assert_eq!(together.digest(), whole.digest());
    assert_eq!(together.to_bytes(), whole.to_bytes());
    // Out of order, one missing, damaged, or the other goal's: refused, each saying why.
    let refused = |parts: [&[u8]; 3], goal| {
        PatternDatabases::from_parts(goal, parts.map(<[u8]>::to_vec))
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        refused([&parts[1], &parts[0], &parts[2]], goal),
        "pattern databases rejected: their SHA-256 digest is not that of this version's build (a damaged or altered copy)"
    );
    assert_eq!(
        refused([&parts[0], &parts[1], &[]], goal),
        "pattern databases rejected: pattern 2's table has 0 bytes, not 10920"
    );
    let mut damaged = parts[2].clone();
    damaged[7] ^= 4;
    assert!(refused([&parts[0], &parts[1], &damaged], goal).contains("SHA-256"));
    assert!(refused([&parts[0], &parts[1], &parts[2]], Goal::BlankLast).contains("SHA-256"));
    // A part's build has no whole databases to finish, a whole build no part; no pattern 3.
    let mut small = PdbBuilder::part(goal, 2).unwrap();
    while !small.work(1 << 20) {}
    assert!(small.finish().is_none());
    assert_eq!(PdbBuilder::new(goal).part_number(), None);
    assert!(PdbBuilder::new(goal).finish_part().is_none());
    assert!(PdbBuilder::part(goal, 3).is_none());
    let unfinished = PdbBuilder::part(goal, 0).unwrap();
    assert!(unfinished.finish_part().is_none());
}

#[test]
fn korf_instances_solve_to_their_optima_in_both_conventions() {
    for goal in Goal::ALL {
        for (n, (optimal, board)) in korf(goal).into_iter().enumerate().step_by(5) {
            let s = solve(board, goal);
            assert_eq!(
                s.report().length,
                Some(optimal),
                "instance {} ({goal})",
                n + 1
            );
        }
    }
}

#[test]
fn admissible_where_the_distance_is_known_and_at_least_manhattan() {
    // Along an optimal solution the i-th state is exactly optimal − i moves from the goal.
    let goal = Goal::BlankLast;
    for (optimal, board) in korf(goal).into_iter().take(20) {
        let moves = solve(board, goal).report().moves.unwrap();
        let mut b = board;
        for (i, &tile) in std::iter::once(&0).chain(&moves).enumerate() {
            if i > 0 {
                b.slide(tile).unwrap();
            }
            let distance = optimal - i as u32;
            let h = pdb(goal).estimate(&b, goal).unwrap();
            assert!(h <= distance, "pdb {h} > distance {distance} on {b:?}");
            assert!(h >= HeuristicChoice::Manhattan.estimate(&b, goal).unwrap());
            assert_eq!(h == 0, distance == 0);
        }
    }
}

#[test]
fn consistent_on_random_walks() {
    for goal in Goal::ALL {
        let pdb = pdb(goal);
        let mut rng = Rng(2024);
        for _ in 0..50 {
            let mut b = rng.scramble(4, goal, 200);
            let mut h = pdb.estimate(&b, goal).unwrap();
            for _ in 0..200 {
                let dir = Direction::ORDER[rng.below(4)];
                if b.move_blank(dir).is_none() {
                    continue;
                }
                let next = pdb.estimate(&b, goal).unwrap();
                assert!(next.abs_diff(h) <= 1, "{h} → {next} on {b:?}");
                h = next;
            }
        }
    }
}

/// IDA* updates each lookup's rank and occupied cells with the move instead of ranking the
/// placement again: after every move of long random walks (each tile sliding every way, on
/// the board and on its reflection), the updated state equals the state computed from scratch.
#[test]
fn the_incremental_lookup_equals_the_lookup_from_scratch() {
    use tilesearch::board::SLOTS;
    use tilesearch::heuristic::{Heuristic, Pdb};
    for goal in Goal::ALL {
        let pdb = Pdb::new(databases(goal));
        let mut rng = Rng(4242);
        for _ in 0..40 {
            let mut b = rng.scramble(4, goal, 300);
            let (mut h, mut state) = pdb.start(b.tiles());
            for _ in 0..300 {
                let dir = Direction::ORDER[rng.below(4)];
                let mut tiles = [0u8; SLOTS];
                tiles[..16].copy_from_slice(b.tiles());
                let to = b.blank();
                let Some(from) = tilesearch::board::neighbor(to, dir, 4) else {
                    continue;
                };
                let tile = tiles[from];
                let (next_h, next) =
                    pdb.after_slide(h, &state, &tiles, &[0; SLOTS], tile, from, to);
                b.move_blank(dir).unwrap();
                assert_eq!((next_h, next), pdb.start(b.tiles()), "{b:?}");
                (h, state) = (next_h, next);
            }
        }
    }
}

#[test]
fn pdb_traces_follow_the_rules_and_run_equals_stepping() {
    let goal = Goal::BlankLast;
    let pdb = pdb(goal);
    let mut rng = Rng(77);
    for _ in 0..10 {
        let board = rng.scramble(4, goal, 40);
        let mut stepped = ida_star(board, goal, pdb.clone()).unwrap();
        let events: Vec<_> = std::iter::from_fn(|| stepped.step()).collect();
        let summary = check_ida_trace(board, goal, &pdb, &events);
        assert!(summary.solution.is_some());
        let mut ran = ida_star(board, goal, pdb.clone()).unwrap();
        ran.run(Some(1000));
        ran.run(None);
        assert_eq!(ran.report(), stepped.report());
    }
}

#[test]
fn pdb_is_for_the_15_puzzle_only() {
    let board = Board::parse("1 2 3 4 0 6 7 5 8").unwrap();
    let e = ida_star(board, Goal::BlankLast, pdb(Goal::BlankLast))
        .err()
        .unwrap();
    assert_eq!(e.kind(), "pdb-width");
    assert!(e.to_string().contains("4×4"));
    // Choosing pdb by name says the same, with databases or without.
    for databases in [None, Some(databases(Goal::BlankLast))] {
        let e =
            HeuristicChoice::new(HeuristicKind::Pdb, 3, Goal::BlankLast, databases).unwrap_err();
        assert_eq!(e.kind(), "pdb-width");
    }
}

#[test]
fn pdb_needs_the_databases_of_the_search_goal() {
    let (_, board) = korf(Goal::BlankFirst)[0];
    let e = ida_star(board, Goal::BlankFirst, pdb(Goal::BlankLast))
        .err()
        .unwrap();
    assert_eq!(e.kind(), "pdb-missing");
    assert!(e.to_string().contains("blank-first"));
    for databases in [None, Some(databases(Goal::BlankLast))] {
        let e =
            HeuristicChoice::new(HeuristicKind::Pdb, 4, Goal::BlankFirst, databases).unwrap_err();
        assert_eq!(e.kind(), "pdb-missing");
    }
    let estimate = pdb(Goal::BlankLast).estimate(&board, Goal::BlankFirst);
    assert_eq!(estimate.unwrap_err().kind(), "pdb-missing");
}

/// h along a path (Solve now's solution in the tree), updated move by move as IDA* updates it,
/// is each board's h from scratch, for every heuristic and board size, on random walks that
/// also undo moves; a tile not next to the blank fails before any h.
#[test]
fn h_along_a_path_is_each_boards_h_from_scratch() {
    use tilesearch::heuristic::{along, AnyHeuristic};
    let mut rng = Rng(977);
    for goal in Goal::ALL {
        for (width, kinds) in [
            (3, &HeuristicKind::ALL[..]),
            (4, &HeuristicKind::NAMED[..]),
            (5, &HeuristicKind::ALL[..]),
        ] {
            for &kind in kinds {
                let choice =
                    HeuristicChoice::new(kind, width, goal, Some(databases(goal))).unwrap();
                let heuristic = AnyHeuristic::new(choice.clone(), width, goal).unwrap();
                for _ in 0..10 {
                    let start = rng.scramble(width, goal, 200);
                    let mut board = start;
                    let mut moves = Vec::new();
                    let mut expected = vec![choice.estimate(&board, goal).unwrap()];
                    while moves.len() < 60 {
                        let Some(tile) = board.move_blank(Direction::ORDER[rng.below(4)]) else {
                            continue;
                        };
                        moves.push(tile);
                        expected.push(choice.estimate(&board, goal).unwrap());
                    }
                    let got = along(&heuristic, start, &moves).unwrap();
                    assert_eq!(got, expected, "{kind:?} {width}×{width} from {start:?}");
                    // A tile that is not next to the blank after the walk.
                    let far = (1..(width * width) as u8)
                        .find(|&t| board.direction_of(t).is_none())
                        .unwrap();
                    moves.push(far);
                    assert!(along(&heuristic, start, &moves).is_err());
                }
            }
        }
    }
}
