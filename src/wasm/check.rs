//! `checkTrace`: a student's IDA* trace checked against the core (see [`crate::check`]). Each
//! line is read with the browser's own `JSON.parse`, so the module carries no JSON parser.

use super::{js, js_error, named, to_js};
use crate::board::{Goal, MoveOrder};
use crate::check::{Checker, TraceLine};
use crate::error::Error;
use crate::heuristic::{HeuristicChoice, HeuristicKind};
use js_sys::{Array, Reflect, JSON};
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
    let mut checker = Checker::new(board, goal, heuristic, order)?;
    for line in text.lines() {
        if checker.feed_with(line, parse_line).is_some() {
            break;
        }
    }
    Ok(to_js(&checker.finish()))
}

/// One line's object, read with `JSON.parse`: the fields the check reads.
fn parse_line(text: &str) -> Result<TraceLine, String> {
    let value = JSON::parse(text).map_err(|e| {
        let reason = Reflect::get(&e, &"message".into())
            .ok()
            .and_then(|m| m.as_string())
            .unwrap_or_default();
        format!("this line is not a JSON event object: {reason}")
    })?;
    if !value.is_object() || Array::is_array(&value) {
        return Err("this line is not a JSON event object".into());
    }
    let field = |key: &str| Reflect::get(&value, &key.into()).unwrap_or(JsValue::UNDEFINED);
    let number = |key: &str| -> Result<Option<i64>, String> {
        let v = field(key);
        if v.is_undefined() {
            return Ok(None);
        }
        whole(&v)
            .map(Some)
            .ok_or_else(|| format!("\"{key}\" must be a whole number, got {}", js::describe(&v)))
    };
    let kind = match field("type") {
        v if v.is_undefined() => None,
        v => Some(
            v.as_string()
                .ok_or_else(|| format!("\"type\" must be a string, got {}", js::describe(&v)))?,
        ),
    };
    let tile = match field("tile") {
        v if v.is_undefined() => None,
        v if v.is_null() => Some(None),
        _ => Some(number("tile")?),
    };
    let moves = match field("moves") {
        v if v.is_undefined() => None,
        v if Array::is_array(&v) => Some(
            Array::from(&v)
                .iter()
                .map(|m| whole(&m).ok_or_else(|| "\"moves\" must be an array of tiles".to_string()))
                .collect::<Result<Vec<_>, _>>()?,
        ),
        v => {
            return Err(format!(
                "\"moves\" must be an array of tiles, got {}",
                js::describe(&v)
            ))
        }
    };
    Ok(TraceLine {
        kind,
        g: number("g")?,
        h: number("h")?,
        f: number("f")?,
        tile,
        threshold: number("threshold")?,
        from: number("from")?,
        to: number("to")?,
        length: number("length")?,
        moves,
    })
}

/// A JS number that is a whole number (a safe integer), as i64.
fn whole(value: &JsValue) -> Option<i64> {
    const SAFE: f64 = 9_007_199_254_740_991.0;
    js::whole_in(value, -SAFE, SAFE).map(|n| n as i64)
}
