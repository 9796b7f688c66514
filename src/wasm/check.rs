//! `checkTrace`: a student's IDA* trace checked against the core (see [`crate::check`]), read
//! by the same code as `tilesearch check` reads it.

use super::{js, js_error, named, to_js};
use crate::board::{Goal, MoveOrder};
use crate::check::Checker;
use crate::error::Error;
use crate::heuristic::{HeuristicChoice, HeuristicKind};
use js_sys::Uint8Array;
use wasm_bindgen::prelude::*;

/// Checks `trace` (JSON Lines, one event per line: the fields of `tilesearch trace`, most of
/// them optional; a string, or a file's bytes in UTF-8 or UTF-16) against IDA* on
/// `options.board`, event by event. Returns the same object as
/// `tilesearch check --json`: `{ok, line, kind, message, expected, got, position, order,
/// summary, text, context}`. Without `options.order` the move order is inferred from the trace. Throws a
/// `TileSearchError` for bad options or an unsolvable board; a wrong trace is a verdict, not
/// an error.
#[wasm_bindgen(js_name = checkTrace, unchecked_return_type = "CheckVerdict")]
pub fn check_trace(
    #[wasm_bindgen(unchecked_param_type = "CheckOptions")] options: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] trace: JsValue,
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
    // The bytes as read from a file (UTF-8 or UTF-16, a byte-order mark told apart by the
    // core) or a string's UTF-8: one reader for both, the CLI's.
    let bytes = if let Some(text) = trace.as_string() {
        text.into_bytes()
    } else if trace.is_instance_of::<Uint8Array>() {
        Uint8Array::unchecked_from_js_ref(trace).to_vec()
    } else {
        return Err(Error::InvalidOption(format!(
            "{CALL}: trace must be a string of JSON lines or a Uint8Array of a file's bytes, got {}",
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
    let checker = Checker::new(board, goal, heuristic, order)?;
    match checker.check_input(bytes.as_slice()) {
        Ok(verdict) => Ok(to_js(&verdict)),
        // Reading bytes in memory cannot fail; an empty trace is the caller's to fill.
        Err(error) => Err(Error::InvalidOption(format!("{CALL}: {error}"))),
    }
}
