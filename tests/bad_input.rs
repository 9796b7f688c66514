//! Every kind of bad input has its own clear message, and no text or number makes anything
//! panic.

use proptest::prelude::*;
use tilesearch::{ida_star, Board, Error, Goal, HeuristicChoice, HeuristicKind};

fn err(text: &str) -> Error {
    Board::parse(text).unwrap_err()
}

#[test]
fn each_error_kind_has_its_message() {
    let cases: [(&str, &str, &str); 9] = [
        ("", "empty", "the board is empty"),
        ("  \n / ", "empty", "the board is empty"),
        (
            "1 2 3 4 5",
            "wrong-tile-count",
            "expected 9 for 3×3, 16 for 4×4, 25 for 5×5 numbers, got 5",
        ),
        (
            "1 2 3 4 5 6 7 8",
            "missing-tile",
            "the blank (0) is missing",
        ),
        (
            "1 2 3 4 5 6 7 7 0",
            "duplicate-tile",
            "tile 7 appears twice (positions 7 and 8) and tile 8 is missing",
        ),
        (
            "1 2 3 4 5 6 7 8 12",
            "out-of-range",
            "12 is out of range: a 3×3 board holds the blank (0) and tiles 1 to 8",
        ),
        (
            "1 2 3 4 five 6 7 8 0",
            "not-a-number",
            "\"five\" is not a number",
        ),
        (
            "1 2 3 4 / 5 6 7 8 / 0",
            "ragged-rows",
            "row 1 has 4 tiles, but a 3×3 board needs 3 in every row",
        ),
        (
            "99999999999999999999999 2 3 4 5 6 7 8 0",
            "out-of-range",
            "out of range",
        ),
    ];
    for (text, kind, message) in cases {
        let e = err(text);
        assert_eq!(e.kind(), kind, "{text:?}: {e}");
        assert!(e.to_string().contains(message), "{text:?}: {e}");
    }
}

#[test]
fn unsolvable_boards_explain_the_parity() {
    let odd = Board::parse("1 2 3 4 5 6 8 7 0").unwrap();
    let e = ida_star(odd, Goal::BlankLast, HeuristicChoice::Manhattan)
        .err()
        .unwrap();
    assert_eq!(e.kind(), "unsolvable");
    let text = e.to_string();
    assert!(text.contains("1 inversion "), "{text}");
    assert!(
        text.contains("Swapping any two tiles (not the blank) makes it solvable"),
        "{text}"
    );
    // Even width: the blank's row matters and is named.
    let even = Board::parse("1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 0").unwrap();
    let text = ida_star(even, Goal::BlankLast, HeuristicChoice::Manhattan)
        .err()
        .unwrap()
        .to_string();
    assert!(
        text.contains("blank is on row 1 counted from the bottom"),
        "{text}"
    );
    assert!(text.contains("1 + 1 = 2 is even"), "{text}");
    // Swapping two tiles fixes it, as the message says.
    let fixed = Board::parse("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0").unwrap();
    assert!(ida_star(fixed, Goal::BlankLast, HeuristicChoice::Manhattan).is_ok());
}

#[test]
fn options_are_checked_by_name() {
    assert_eq!(
        "euclid".parse::<HeuristicKind>().unwrap_err().kind(),
        "unknown-heuristic"
    );
    assert_eq!("top".parse::<Goal>().unwrap_err().kind(), "unknown-goal");
    assert_eq!(
        "linear-conflict".parse::<HeuristicKind>().unwrap(),
        HeuristicKind::LinearConflict
    );
    assert!(Goal::BlankLast.board(6).is_err());
}

#[test]
fn numbers_arrays_are_validated_like_text() {
    assert_eq!(
        Board::from_numbers(&[1, 2, 3, 4, 5, 6, 7, 8, -1])
            .unwrap_err()
            .kind(),
        "out-of-range"
    );
    assert_eq!(
        Board::from_numbers(&[]).unwrap_err().kind(),
        "wrong-tile-count"
    );
    assert_eq!(
        Board::from_numbers(&[0; 16]).unwrap_err().kind(),
        "duplicate-tile"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn random_text_never_panics(text in "\\PC{0,60}") {
        let _ = Board::parse(&text);
    }

    #[test]
    fn board_like_text_never_panics(text in "[0-9 ,/_\\n\\[\\]-]{0,80}") {
        if let Ok(board) = Board::parse(&text) {
            for goal in Goal::ALL {
                // Building a search either works or explains the parity; never panics.
                match ida_star(board, goal, HeuristicChoice::Manhattan) {
                    Ok(mut s) => { for _ in 0..50 { s.step(); } }
                    Err(e) => prop_assert_eq!(e.kind(), "unsolvable"),
                }
            }
            prop_assert_eq!(Board::parse(&board.to_string()).unwrap(), board);
        }
    }

    #[test]
    fn random_numbers_never_panic(numbers in proptest::collection::vec(-3i64..30, 0..30)) {
        if let Ok(board) = Board::from_numbers(&numbers) {
            prop_assert_eq!(board.tiles().len(), numbers.len());
        }
    }

    #[test]
    fn the_cli_never_panics(args in proptest::collection::vec("(solve|trace|--json|--heuristic|--goal|--max-nodes|manhattan|-|[0-9 ]{1,12}|\\PC{0,6})", 0..6)) {
        let mut out = Vec::new();
        let mut err = Vec::new();
        let mut stdin: &[u8] = b"1 2 3 4 5 6 7 0 8\n";
        let code = tilesearch::cli::run(&args, &mut stdin, &mut out, &mut err);
        prop_assert!((0..=2).contains(&code));
    }
}
