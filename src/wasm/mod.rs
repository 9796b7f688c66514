//! The `#[wasm_bindgen]` bindings: the JS classes `Solver`, `PatternDatabaseBuilder`, and
//! `ParallelSearch` with `PacketSearcher` (parallel IDA* for a pool of workers), `RunProfiler`
//! and `heuristicQuality` (the whole run and the heuristic's quality), and the board
//! helpers. This module only converts options, events and errors between JS and the
//! core; it decides nothing about the search.
//!
//! Errors are thrown as real JS `Error`s named `TileSearchError` whose `message` is the core's
//! message and whose `kind` property is the core's error kind (`duplicate-tile`, `unsolvable`,
//! …). Every method validates its arguments before touching the search, so a bad call leaves
//! the object usable. Every parameter is taken as a `JsValue` and checked here (the generated
//! glue would coerce `"5"` to 5 or `-251` to tile 5), and every read of a caller's value goes
//! through [`js`], so that no JS exception ever unwinds through a Rust frame. Calls on a freed
//! or busy object are stopped before they enter wasm, by the guard the build puts over the
//! generated glue (`scripts/pkg-guard.js`), with the messages of [`guard_error`].

mod board;
mod catalog;
mod check;
mod js;
mod parallel;
mod pdb;
mod profile;
mod solver;
mod team;
mod types;

pub use board::{board_after, describe_board, heuristics_along, parse_board, random_board};
pub use catalog::catalog;
pub use check::check_trace;
pub use parallel::{parallel_split_above, PacketSearcher, ParallelSearch};
pub use pdb::{
    export_pattern_databases, load_pattern_database_parts, load_pattern_databases,
    pattern_databases_ready, PatternDatabaseBuilder,
};
pub use profile::{heuristic_quality, RunProfiler};
pub use solver::{Solver, STEP_MANY_MAX};
pub use team::{team_help, team_lead, team_open};

use crate::error::Error;
use js_sys::{Array, Reflect};
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// The global `performance` of the page, the worker or Node.
    #[wasm_bindgen(thread_local_v2, js_name = performance)]
    static PERFORMANCE: web_sys::Performance;
}

/// Milliseconds on this thread's clock (the page's, the worker's or Node's).
pub(crate) fn now_ms() -> f64 {
    PERFORMANCE.with(web_sys::Performance::now)
}

/// Builds the JS error thrown for a core error: an `Error` named `TileSearchError` with the
/// core's message and a `kind` property.
pub(crate) fn js_error(error: &Error) -> JsValue {
    let e = js_sys::Error::new(&error.to_string());
    e.set_name("TileSearchError");
    let _ = Reflect::set(&e, &"kind".into(), &error.kind().into());
    e.into()
}

pub(crate) fn invalid(message: String) -> JsValue {
    js_error(&Error::InvalidOption(message))
}

/// The error the guard over the generated glue throws, before entering wasm, for a call on a
/// freed object (`kind` "freed"), on an object still in another call ("busy", from its own
/// `onEvent` or option getters) or on something that is not an object of the class
/// ("wrong-this"), or for a call that a JS exception unwound through ("interrupted", `running`
/// is then the thrown value). Not part of the public API: the guard calls it so that these messages are
/// written once, here.
#[wasm_bindgen(js_name = __tilesearchGuardError, skip_typescript)]
pub fn guard_error(kind: JsValue, class: JsValue, member: JsValue, running: JsValue) -> JsValue {
    let text = |v: &JsValue| js::short_string(v, 100).unwrap_or_default();
    let (class, member, running) = (text(&class), text(&member), text(&running));
    let error = match text(&kind).as_str() {
        "freed" => Error::Freed { class },
        "busy" => Error::Busy {
            class,
            member,
            running,
        },
        "interrupted" => Error::Interrupted {
            class,
            member,
            thrown: running,
        },
        _ => Error::WrongThis { class, member },
    };
    js_error(&error)
}

/// Serialises plain data for JS: objects (not `Map`s, which serde also makes of structs with
/// flattened fields), numbers (not `BigInt`s), `null` for missing values.
pub(crate) fn to_js<T: Serialize>(value: &T) -> JsValue {
    let serializer = serde_wasm_bindgen::Serializer::new()
        .serialize_missing_as_null(true)
        .serialize_maps_as_objects(true);
    value.serialize(&serializer).unwrap_or(JsValue::UNDEFINED)
}

/// A goal, heuristic or algorithm by name, or its default when absent.
pub(crate) fn named<T: std::str::FromStr<Err = Error> + Default>(
    name: Option<String>,
) -> Result<T, Error> {
    match name {
        Some(name) => name.parse(),
        None => Ok(T::default()),
    }
}

/// Tiles or moves as a JS array of numbers.
pub(crate) fn numbers(values: &[u8]) -> Array {
    values.iter().map(|&v| JsValue::from(v)).collect()
}
