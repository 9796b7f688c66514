//! The views' board helpers, so that no JS re-implements puzzle rules.

use super::{invalid, js, js_error, named, numbers, to_js};
use crate::heuristic::{along, AnyHeuristic, HeuristicChoice, HeuristicKind};
use js::{describe, whole};
use js_sys::Array;
use serde::Serialize;
use tsify::Tsify;
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
    let estimate = |h: HeuristicChoice| h.estimate(&board, goal).map_err(|e| js_error(&e));
    let description = BoardDescription {
        tiles: tiles.to_vec(),
        width: w,
        grid: board.to_string(),
        unsolvable: board.check_solvable(goal).err().map(|e| e.to_string()),
        h: HeuristicEstimates {
            hamming: estimate(HeuristicChoice::Hamming)?,
            linear_conflict: estimate(HeuristicChoice::LinearConflict)?,
            manhattan: estimate(HeuristicChoice::Manhattan)?,
            // Only where it applies: a 4×4 board with its databases loaded.
            pdb: HeuristicChoice::new(HeuristicKind::Pdb, w, goal, super::pdb::installed(goal))
                .ok()
                .and_then(|pdb| pdb.estimate(&board, goal).ok()),
        },
        distances: crate::heuristic::Manhattan::new(w, goal).per_cell(tiles),
        conflicts: crate::heuristic::LinearConflict::new(w, goal).conflict_tiles(tiles),
    };
    Ok(to_js(&description))
}

/// What `describeBoard` says about a board.
#[derive(Serialize, Tsify)]
#[tsify(missing_as_null)]
pub struct BoardDescription {
    /// The tiles in row-major order, 0 = blank.
    tiles: Vec<u8>,
    /// 3, 4 or 5.
    width: usize,
    /// The lecture's grid print, the blank as a space.
    grid: String,
    /// null when solvable, else the reason (inversion parity).
    unsolvable: Option<String>,
    /// h of the board under each heuristic, towards the goal (pdb once its databases are loaded).
    h: HeuristicEstimates,
    /// Per cell: the Manhattan distance of the tile on it (0 for the blank).
    distances: Vec<u32>,
    /// Tiles that must leave their goal row or column (the linear-conflict term counts them).
    conflicts: Vec<crate::heuristic::Conflict>,
}

/// h of a board under each heuristic.
// In the order the keys had as a sorted map before; pdb is left out where it does not apply.
#[derive(Serialize, Tsify)]
pub struct HeuristicEstimates {
    /// Misplaced tiles.
    hamming: u32,
    /// Manhattan plus the linear conflicts.
    #[serde(rename = "linear-conflict")]
    linear_conflict: u32,
    /// Sum of the tiles' distances to their goal cells.
    manhattan: u32,
    /// The pattern databases (4×4 boards, once loaded).
    #[serde(skip_serializing_if = "Option::is_none")]
    pdb: Option<u32>,
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

/// h under `heuristic` of every board along `moves` (tiles slid, in order) from `start`,
/// towards `goal`: `moves.length + 1` numbers, the start's first. What a view labels a path
/// with (Solve now's solution in the tree), in one call rather than one `describeBoard` per
/// board. Throws for a bad board, goal, heuristic (pdb without its databases, or not 4×4) or
/// a tile that is not next to the blank.
#[wasm_bindgen(js_name = heuristicsAlong, unchecked_return_type = "number[]")]
pub fn heuristics_along(
    #[wasm_bindgen(unchecked_param_type = "string | number[]")] start: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Uint8Array | number[]")] moves: JsValue,
    #[wasm_bindgen(unchecked_param_type = "GoalConvention")] goal: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Heuristic")] heuristic: JsValue,
) -> Result<Array, JsValue> {
    const CALL: &str = "heuristicsAlong(start, moves, goal, heuristic)";
    let board = js::board(&start).map_err(|e| js_error(&e))?;
    let moves = js::moves(&moves).map_err(|e| js_error(&e))?;
    let goal = js::goal(&goal, CALL).map_err(|e| js_error(&e))?;
    let Some(name) = heuristic.as_string() else {
        return Err(invalid(format!(
            "{CALL}: heuristic must be a heuristic's name, got {}",
            describe(&heuristic)
        )));
    };
    let kind: HeuristicKind = named(Some(name)).map_err(|e| js_error(&e))?;
    let databases = super::pdb::installed(goal);
    let choice =
        HeuristicChoice::new(kind, board.width(), goal, databases).map_err(|e| js_error(&e))?;
    let heuristic = AnyHeuristic::new(choice, board.width(), goal).map_err(|e| js_error(&e))?;
    let h = along(&heuristic, board, &moves).map_err(|e| js_error(&e))?;
    Ok(h.into_iter().map(JsValue::from).collect())
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
