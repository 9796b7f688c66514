//! Korf's 15-puzzle instances solve to their published optimal lengths in both goal
//! conventions (a handful here, chosen for their small searches; all 100 in `make bench`).

mod common;

use common::{korf, replays};
use tilesearch::{ida_star, Goal, HeuristicChoice, Status};

/// Korf's instance numbers (1-based) whose Manhattan searches take milliseconds.
const QUICK: [usize; 8] = [12, 42, 55, 48, 19, 30, 9, 31];

#[test]
fn quick_korf_instances_solve_optimally_in_both_conventions() {
    for goal in Goal::ALL {
        let instances = korf(goal);
        assert_eq!(instances.len(), 100);
        for n in QUICK {
            let (optimal, board) = instances[n - 1];
            for kind in [HeuristicChoice::Manhattan, HeuristicChoice::LinearConflict] {
                let mut search = ida_star(board, goal, kind.clone()).unwrap();
                assert_eq!(search.run(None), Status::Solved);
                let report = search.report();
                assert_eq!(report.length, Some(optimal), "instance {n}, {goal}, {kind}");
                assert!(replays(board, goal, report.moves.as_ref().unwrap()));
            }
        }
    }
}

#[test]
fn both_files_hold_the_same_instances() {
    // blank-last = blank-first rotated by 180 degrees with tiles relabelled t → 16 − t.
    for ((len_a, a), (len_b, b)) in korf(Goal::BlankFirst).iter().zip(korf(Goal::BlankLast)) {
        assert_eq!(*len_a, len_b);
        let mapped: Vec<u8> = a
            .tiles()
            .iter()
            .rev()
            .map(|&t| if t == 0 { 0 } else { 16 - t })
            .collect();
        assert_eq!(mapped, b.tiles());
        assert_eq!(
            HeuristicChoice::Manhattan
                .estimate(a, Goal::BlankFirst)
                .unwrap(),
            HeuristicChoice::Manhattan
                .estimate(&b, Goal::BlankLast)
                .unwrap()
        );
    }
}

#[test]
fn linear_conflict_prunes_more_than_manhattan() {
    let (_, board) = korf(Goal::BlankLast)[QUICK[3] - 1];
    let generated = |kind| {
        let mut s = ida_star(board, Goal::BlankLast, kind).unwrap();
        s.run(None);
        s.report().generated
    };
    assert!(generated(HeuristicChoice::LinearConflict) < generated(HeuristicChoice::Manhattan));
}
