//! The `order` option: every search tries the blank's moves in the order it is given. For each
//! of the 24 orders, IDA*'s fast walk and its stepping engine agree, every finished iteration
//! has the lecture order's counts (a whole iteration visits the same nodes in any order), the
//! solution stays optimal, and the children come in the given order; the frontier searches
//! follow it too; bad orders get a specific error.

mod common;

use common::Rng;
use tilesearch::trace::NodeInfo;
use tilesearch::{
    new_search_in_order, Algorithm, Board, Event, Goal, HeuristicChoice, MoveOrder, Search,
};

fn board(text: &str) -> Board {
    text.parse().unwrap()
}

fn search(board: Board, algorithm: Algorithm, order: MoveOrder) -> Box<dyn Search> {
    new_search_in_order(
        board,
        Goal::BlankLast,
        HeuristicChoice::Manhattan,
        algorithm,
        None,
        order,
    )
    .unwrap()
}

#[test]
fn parses_every_order_and_refuses_the_rest() {
    let all = MoveOrder::all();
    assert_eq!(all.len(), 24);
    assert_eq!(all[0], MoveOrder::LECTURE);
    assert_eq!(MoveOrder::default().name(), "lrud");
    for order in &all {
        assert_eq!(order.name().parse::<MoveOrder>().unwrap(), *order);
        assert_eq!(
            order.name().to_uppercase().parse::<MoveOrder>().unwrap(),
            *order
        );
    }
    for bad in [
        "",
        "lru",
        "lrudl",
        "llud",
        "lrux",
        "l r u d",
        "\u{202e}lrud",
    ] {
        let message = bad.parse::<MoveOrder>().unwrap_err().to_string();
        assert!(
            message.contains("give l, r, u and d once each"),
            "{bad:?}: {message}"
        );
    }
}

#[test]
fn ida_star_in_any_order_is_the_same_search_reordered() {
    let mut rng = Rng(0x5eed_07de);
    let boards: Vec<Board> = (0..6)
        .map(|i| rng.scramble(3, Goal::BlankLast, 20 + 7 * i))
        .chain([board("6 4 5 8 2 7 1 0 3")])
        .collect();
    for start in boards {
        let mut lecture = search(start, Algorithm::Ida, MoveOrder::LECTURE);
        lecture.run(None);
        let reference = lecture.report();
        for order in MoveOrder::all() {
            // The fast walk ...
            let mut fast = search(start, Algorithm::Ida, order);
            fast.run(None);
            // ... and the stepping engine give the same search.
            let mut stepped = search(start, Algorithm::Ida, order);
            while stepped.step().is_some() {}
            let (fast, stepped) = (fast.report(), stepped.report());
            assert_eq!(fast, stepped, "{start:?} in {order}");
            assert_eq!(fast.length, reference.length, "{start:?} in {order}");
            let n = reference.iterations().len();
            assert_eq!(fast.iterations().len(), n);
            // Whole iterations are the same set of nodes; the last stops at the goal.
            assert_eq!(
                fast.iterations()[..n - 1],
                reference.iterations()[..n - 1],
                "{start:?} in {order}"
            );
            let solution = fast.moves.unwrap();
            assert_eq!(
                start.after(&solution).unwrap(),
                Goal::BlankLast.board(3).unwrap()
            );
        }
    }
}

/// The directions of the root's children, in the order the trace generates them.
fn root_children(search: &mut dyn Search, start: Board) -> Vec<char> {
    let mut letters = Vec::new();
    while let Some(event) = search.step() {
        let (tile, parent) = match event {
            Event::Node(NodeInfo { tile, parent, .. }) => (tile, parent),
            Event::Prune(p) => (Some(p.tile), Some(p.parent)),
            Event::Generate(g) => (g.node.tile, g.node.parent),
            Event::Skip(s) => (s.node.tile, s.node.parent),
            Event::Raise(_) | Event::Solved(_) => break,
            _ => continue,
        };
        if parent == Some(0) {
            let mut board = start;
            letters.push(board.slide(tile.unwrap()).unwrap().letter());
        }
    }
    letters
}

#[test]
fn children_come_in_the_given_order() {
    // The blank in the middle: four children at the root.
    let start = board("5 1 3 4 0 2 7 8 6");
    for algorithm in [
        Algorithm::Ida,
        Algorithm::Bfs,
        Algorithm::Dfs,
        Algorithm::Astar,
    ] {
        for order in MoveOrder::all() {
            let mut s = search(start, algorithm, order);
            assert_eq!(s.order(), order);
            let got: String = root_children(&mut *s, start).into_iter().take(4).collect();
            assert_eq!(got, order.name(), "{algorithm} in {order}");
        }
    }
}

#[test]
fn seek_works_in_any_order() {
    let start = board("6 4 5 8 2 7 1 0 3");
    let order: MoveOrder = "dulr".parse().unwrap();
    let mut events = Vec::new();
    let mut s = search(start, Algorithm::Ida, order);
    while let Some(e) = s.step() {
        events.push(e);
    }
    for position in [0, 1, 500, 12_345, events.len() as u64 - 1, 77] {
        s.seek(position);
        assert_eq!(
            s.step().as_ref(),
            events.get(position as usize),
            "at {position}"
        );
    }
}
