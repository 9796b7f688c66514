//! The views' board helpers, so that no JS re-implements puzzle rules.

use super::{invalid, js, js_error, numbers};
use crate::heuristic::{HeuristicChoice, HeuristicKind};
use js::{describe, whole};
use js_sys::Array;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Parses a board (text or an array of numbers) without solving it; throws a
/// `TileSearchError` naming the problem. Returns the tiles in row-major order.
#[wasm_bindgen(js_name = parseBoard, unchecked_return_type = "number[]")]
pub fn parse_board(
    #[wasm_bindgen(unchecked_param_type = "string | number[]")] board: JsValue,
) -> Result<Array, JsValue> {
    Ok(numbers(
        js::board(&board).map_err(|e| js_error(&e))?.tiles(),
    ))
}

/// Everything a view shows about a board before searching: tiles, grid print, solvability,
/// h under each heuristic, per-cell distances and conflict tiles. Throws for an invalid board
/// or goal; an unsolvable board is described (with the reason in `unsolvable`).
#[wasm_bindgen(js_name = describeBoard, unchecked_return_type = "BoardDescription")]
pub fn describe_board(
    #[wasm_bindgen(unchecked_param_type = "string | number[]")] board: JsValue,
    #[wasm_bindgen(unchecked_param_type = "GoalConvention")] goal: JsValue,
) -> Result<JsValue, JsValue> {
    let board = js::board(&board).map_err(|e| js_error(&e))?;
    let goal = js::goal(&goal, "describeBoard(board, goal)").map_err(|e| js_error(&e))?;
    let (w, tiles) = (board.width(), board.tiles());
    #[derive(Serialize)]
    struct Description {
        tiles: Vec<u8>,
        width: usize,
        grid: String,
        unsolvable: Option<String>,
        h: std::collections::BTreeMap<&'static str, u32>,
        distances: Vec<u32>,
        conflicts: Vec<crate::heuristic::Conflict>,
    }
    let description = Description {
        tiles: tiles.to_vec(),
        width: w,
        grid: board.to_string(),
        unsolvable: board.check_solvable(goal).err().map(|e| e.to_string()),
        // pdb only where it applies: a 4×4 board with its databases loaded.
        h: HeuristicKind::NAMED
            .iter()
            .filter_map(|&k| {
                let databases = super::pdb::installed(goal);
                let h = HeuristicChoice::new(k, w, goal, databases).ok()?;
                Some((k.name(), h.estimate(&board, goal).ok()?))
            })
            .collect(),
        distances: crate::heuristic::Manhattan::new(w, goal).per_cell(tiles),
        conflicts: crate::heuristic::LinearConflict::new(w, goal).conflict_tiles(tiles),
    };
    let serializer = serde_wasm_bindgen::Serializer::new()
        .serialize_missing_as_null(true)
        .serialize_maps_as_objects(true);
    Ok(description
        .serialize(&serializer)
        .unwrap_or(JsValue::UNDEFINED))
}

/// The board after sliding `moves` (tiles, in order) from `start`; throws when a tile is not
/// next to the blank. Views use it to show the board of any tree node.
#[wasm_bindgen(js_name = boardAfter, unchecked_return_type = "number[]")]
pub fn board_after(
    #[wasm_bindgen(unchecked_param_type = "string | number[]")] start: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Uint8Array | number[]")] moves: JsValue,
) -> Result<Array, JsValue> {
    let board = js::board(&start).map_err(|e| js_error(&e))?;
    let moves = js::moves(&moves).map_err(|e| js_error(&e))?;
    let after = board.after(&moves).map_err(|e| js_error(&e))?;
    Ok(numbers(after.tiles()))
}

/// A random solvable board of `width` (3 to 5) for `goal`; the same `seed` gives the same
/// board.
#[wasm_bindgen(js_name = randomBoard, unchecked_return_type = "number[]")]
pub fn random_board(
    #[wasm_bindgen(unchecked_param_type = "number")] width: JsValue,
    #[wasm_bindgen(unchecked_param_type = "GoalConvention")] goal: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] seed: JsValue,
) -> Result<Array, JsValue> {
    const CALL: &str = "randomBoard(width, goal, seed)";
    let width = whole(&width, 0.0, 1000.0, |got| {
        format!("{CALL}: width must be a whole number (3, 4 or 5), got {got}")
    })
    .map_err(|e| js_error(&e))?;
    let goal = js::goal(&goal, CALL).map_err(|e| js_error(&e))?;
    let Some(seed) = seed.as_f64() else {
        return Err(invalid(format!(
            "{CALL}: seed must be a number, got {}",
            describe(&seed)
        )));
    };
    let board = crate::board::Board::random(width as usize, goal, seed.to_bits())
        .map_err(|e| js_error(&e))?;
    Ok(numbers(board.tiles()))
}
