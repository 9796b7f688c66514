//! `checkTrace`: a student's IDA* trace checked against the core (see [`crate::check`]).

use super::{js, js_error, named, to_js};
use crate::board::{Goal, MoveOrder};
use crate::check::Checker;
use crate::error::Error;
use crate::heuristic::{HeuristicChoice, HeuristicKind};
use wasm_bindgen::prelude::*;

/// Checks `trace` (JSON Lines, one event per line: the fields of `tilesearch trace`, most of
/// them optional) against IDA* on `options.board`, event by event. Returns the same object as
/// `tilesearch check --json`: `{ok, line, kind, message, expected, got, position, order,
/// summary}`. Without `options.order` the move order is inferred from the trace. Throws a
/// `TileSearchError` for bad options or an unsolvable board; a wrong trace is a verdict, not
/// an error.
#[wasm_bindgen(js_name = checkTrace, unchecked_return_type = "CheckVerdict")]
pub fn check_trace(
    #[wasm_bindgen(unchecked_param_type = "CheckOptions")] options: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] trace: JsValue,
) -> Result<JsValue, JsValue> {
    checked(&options, &trace).map_err(|e| js_error(&e))
}

fn checked(options: &JsValue, trace: &JsValue) -> Result<JsValue, Error> {
    const CALL: &str = "checkTrace(options, trace)";
    let Some(object) = js::options(options, CALL, &["board", "heuristic", "goal", "order"])? else {
        return Err(Error::InvalidOption(format!(
            "{CALL} needs options: checkTrace({{board: \"6 4 5 / 8 2 7 / 1 0 3\"}}, trace)"
        )));
    };
    let Some(text) = trace.as_string() else {
        return Err(Error::InvalidOption(format!(
            "{CALL}: trace must be a string of JSON lines, got {}",
            js::describe(trace)
        )));
    };
    let heuristic: HeuristicKind = named(js::string_option(&object, "heuristic", CALL)?)?;
    let goal: Goal = named(js::string_option(&object, "goal", CALL)?)?;
    let order = js::string_option(&object, "order", CALL)?
        .map(|o| o.parse::<MoveOrder>())
        .transpose()?;
    let board = js::board(&js::option(&object, "board", CALL)?)?;
    let heuristic =
        HeuristicChoice::new(heuristic, board.width(), goal, super::pdb::installed(goal))?;
    let verdict = Checker::check_text(board, goal, heuristic, order, &text)?;
    Ok(to_js(&verdict))
}
