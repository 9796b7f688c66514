//! Reading the caller's JS values without letting a JS exception unwind through Rust frames.
//!
//! A JS exception that passes through a wasm frame skips that frame's epilogue: the shadow
//! stack pointer is never restored and a borrowed object stays borrowed, so after enough of
//! them every object of the instance is corrupt. Every JS function reached from here that can
//! run the caller's code (a getter, a Proxy trap, an array element) is therefore imported with
//! `catch` (`js_sys`'s `Reflect::*` are; the others are declared below), and its exception
//! becomes an [`Error::InputThrew`] naming what was being read. Types are told apart with
//! `typeof` (`is_object`, `as_f64`, `is_string`), never with `instanceof`, which runs a Proxy's
//! `getPrototypeOf` trap.

use crate::board::{Board, Goal, MAX_CELLS};
use crate::error::Error;
use js_sys::{Function, JsString, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen]
extern "C" {
    /// `Object.keys`: runs a Proxy's `ownKeys` and `getOwnPropertyDescriptor` traps.
    #[wasm_bindgen(catch, js_namespace = Object, js_name = keys)]
    fn object_keys(object: &JsValue) -> Result<js_sys::Array, JsValue>;

    /// `Array.isArray`: throws on a revoked Proxy.
    #[wasm_bindgen(catch, js_namespace = Array, js_name = isArray)]
    fn array_is_array(value: &JsValue) -> Result<bool, JsValue>;

    /// `Object.prototype.toString.call(value)`: reads `Symbol.toStringTag` (a getter may run).
    #[wasm_bindgen(catch, js_namespace = ["Object", "prototype", "toString"], js_name = call)]
    fn to_string_tag(value: &JsValue) -> Result<JsValue, JsValue>;

    /// A `Uint8Array` made here, so nothing of the caller's is attached to it.
    #[wasm_bindgen(js_name = Uint8Array)]
    type Bytes;

    /// `new Uint8Array(source)`: copies a typed array or views an ArrayBuffer without running
    /// any code of the caller's; anything else is read as an array-like (getters may run).
    #[wasm_bindgen(catch, constructor, js_class = "Uint8Array")]
    fn new(source: &JsValue) -> Result<Bytes, JsValue>;
}

/// Strings longer than this are not copied into wasm (board text, names).
pub const MAX_TEXT: u32 = 100_000;
/// `boardAfter` takes at most this many moves.
pub const MAX_MOVES: u32 = 10_000_000;

/// A JS string's length in UTF-16 units, without copying it.
fn text_length(value: &JsValue) -> Option<u32> {
    value
        .is_string()
        .then(|| value.unchecked_ref::<JsString>().length())
}

/// A string of at most `max` UTF-16 units, copied; `None` for other values and longer strings.
pub fn short_string(value: &JsValue, max: u32) -> Option<String> {
    text_length(value)
        .filter(|&n| n <= max)
        .and_then(|_| value.as_string())
}

/// A number as JS writes it (`1.5`, `1e+21`, `Infinity`): messages then read like the caller's
/// code, and the module carries no float formatting of its own.
pub fn js_number(n: f64) -> String {
    js_sys::Number::from(n)
        .to_string_with_radix(10)
        .map(String::from)
        .unwrap_or_default()
}

/// A JS value as a message shows it: strings quoted, numbers and booleans as written, else
/// what it is. Runs none of the caller's code.
pub fn describe(value: &JsValue) -> String {
    if let Some(n) = text_length(value) {
        // Only the characters shown are copied out of a long string.
        let shown = value
            .unchecked_ref::<JsString>()
            .slice(0, crate::error::QUOTED_CHARS as u32 + 1);
        let head = String::from(shown);
        return if n as usize <= crate::error::QUOTED_CHARS {
            crate::error::quote(&head)
        } else {
            let head: String = head.chars().take(crate::error::QUOTED_CHARS).collect();
            format!(
                "\"{}…\" ({} characters)",
                crate::error::escape_controls(&head),
                crate::error::thousands(u64::from(n))
            )
        };
    }
    if let Some(n) = value.as_f64() {
        return js_number(n);
    }
    if let Some(b) = value.as_bool() {
        return b.to_string();
    }
    if value.is_null() {
        return "null".into();
    }
    if value.is_undefined() {
        return "undefined".into();
    }
    if value.is_function() {
        return "a function".into();
    }
    match value.js_typeof().as_string().as_deref() {
        Some("symbol") => "a symbol".into(),
        Some("bigint") => "a bigint".into(),
        _ if matches!(array_is_array(value), Ok(true)) => "an array".into(),
        _ => "an object".into(),
    }
}

/// A thrown value as a message shows it: an error's name and message, else [`describe`].
fn thrown_text(thrown: &JsValue) -> String {
    if thrown.is_object() {
        let field = |key: &str| {
            Reflect::get(thrown, &key.into())
                .ok()
                .and_then(|v| short_string(&v, 1000))
        };
        if let Some(message) = field("message") {
            return match field("name") {
                Some(name) if !name.is_empty() => format!("{name}: {message}"),
                _ => message,
            };
        }
    }
    describe(thrown)
}

/// The error for a JS exception thrown while reading `what`.
pub fn threw(what: impl Into<String>, thrown: &JsValue) -> Error {
    Error::InputThrew {
        what: what.into(),
        thrown: thrown_text(thrown),
    }
}

/// `object[key]`, an exception (a getter, a Proxy trap) becoming an error that names `what`.
pub fn read(
    object: &JsValue,
    key: &JsValue,
    what: impl FnOnce() -> String,
) -> Result<JsValue, Error> {
    Reflect::get(object, key).map_err(|e| threw(what(), &e))
}

/// `Array.isArray(value)`, an exception (a revoked Proxy) naming `what`.
pub fn is_array(value: &JsValue, what: impl FnOnce() -> String) -> Result<bool, Error> {
    array_is_array(value).map_err(|e| threw(what(), &e))
}

/// An options object checked against its allowed keys; `None` when absent.
pub fn options(value: &JsValue, call: &str, allowed: &[&str]) -> Result<Option<JsValue>, Error> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    let not_object = || {
        Error::InvalidOption(format!(
            "{call} must be an object like {{{}}}, got {}",
            allowed.join(", "),
            describe(value)
        ))
    };
    if !value.is_object() || is_array(value, || format!("checking the {call} object"))? {
        return Err(not_object());
    }
    let keys = object_keys(value).map_err(|e| threw(format!("listing the keys of {call}"), &e))?;
    for key in keys.iter() {
        let key = short_string(&key, 100).unwrap_or_else(|| describe(&key));
        if !allowed.contains(&key.as_str()) {
            return Err(Error::InvalidOption(format!(
                "unknown option \"{key}\": {call} takes {}",
                allowed.join(", ")
            )));
        }
    }
    Ok(Some(value.clone()))
}

/// `options[key]` of the options object of `call`.
pub fn option(object: &JsValue, key: &str, call: &str) -> Result<JsValue, Error> {
    read(object, &key.into(), || {
        format!("reading option {key} of {call}")
    })
}

/// A string option, or `None` when absent.
pub fn string_option(object: &JsValue, key: &str, call: &str) -> Result<Option<String>, Error> {
    let value = option(object, key, call)?;
    if value.is_undefined() {
        return Ok(None);
    }
    match text_length(&value) {
        // Copied whole up to a size any name fits in many times over: the parse then names
        // it, quoted short.
        Some(n) if n <= MAX_NAME => Ok(value.as_string()),
        Some(_) => Err(Error::InvalidOption(format!(
            "{key} {} is no {key}: names are short",
            describe(&value)
        ))),
        None => Err(Error::InvalidOption(format!(
            "{key} must be a string, got {}",
            describe(&value)
        ))),
    }
}

/// The longest string option copied into the module (a name is a few characters).
const MAX_NAME: u32 = 1 << 16;

/// The `onEvent` option: a function or absent.
pub fn function_option(object: &JsValue, key: &str, call: &str) -> Result<Option<Function>, Error> {
    let value = option(object, key, call)?;
    if value.is_undefined() {
        return Ok(None);
    }
    if !value.is_function() {
        return Err(Error::InvalidOption(format!(
            "{key} must be a function (event) => …, got {}",
            describe(&value)
        )));
    }
    Ok(Some(value.unchecked_into()))
}

/// A whole number from `min` to `max`, else `None`.
pub fn whole_in(value: &JsValue, min: f64, max: f64) -> Option<f64> {
    value
        .as_f64()
        .filter(|n| n.fract() == 0.0 && (min..=max).contains(n))
}

/// A whole-number parameter from `min` to `max`; else an `invalid-option` error whose message
/// `says` how, given the value as the message shows it ("\"5\"", "1.5", "undefined").
pub fn whole(
    value: &JsValue,
    min: f64,
    max: f64,
    says: impl FnOnce(String) -> String,
) -> Result<f64, Error> {
    whole_in(value, min, max).ok_or_else(|| Error::InvalidOption(says(describe(value))))
}

/// A goal parameter of `call`: a name, or the default when undefined or null.
pub fn goal(value: &JsValue, call: &str) -> Result<Goal, Error> {
    if value.is_undefined() || value.is_null() {
        return Ok(Goal::default());
    }
    match short_string(value, 100) {
        Some(name) => name.parse(),
        None => Err(Error::InvalidOption(format!(
            "{call}: goal must be \"blank-last\" or \"blank-first\", got {}",
            describe(value)
        ))),
    }
}

/// The length of an array (or typed array) `value`, read as `what`; `None` if it is neither.
fn array_length(value: &JsValue, what: &str) -> Result<Option<u32>, Error> {
    if !value.is_object() {
        return Ok(None);
    }
    let view = js_sys::ArrayBuffer::is_view(value);
    if !view && !is_array(value, || format!("checking the {what}"))? {
        return Ok(None);
    }
    let length = read(value, &"length".into(), || {
        format!("reading the length of the {what}")
    })?;
    Ok(whole_in(&length, 0.0, f64::from(u32::MAX)).map(|n| n as u32))
}

/// Element `i` (0-based) of the array `value`, read as `what`.
fn element(value: &JsValue, i: u32, what: &str) -> Result<JsValue, Error> {
    read(value, &JsValue::from(i), || {
        format!("reading element {} of the {what}", i + 1)
    })
}

/// A board given as text or as an array of numbers.
pub fn board(value: &JsValue) -> Result<Board, Error> {
    if let Some(n) = text_length(value) {
        return match short_string(value, MAX_TEXT) {
            Some(text) => Board::parse(&text),
            None => Err(Error::InvalidOption(format!(
                "the board text has {n} characters: at most {MAX_TEXT}"
            ))),
        };
    }
    if let Some(length) = array_length(value, "board array")? {
        if length as usize > MAX_CELLS {
            return Err(Error::WrongTileCount {
                count: length as usize,
            });
        }
        let mut numbers = Vec::with_capacity(length as usize);
        for i in 0..length {
            let item = element(value, i, "board array")?;
            match whole_in(&item, -1e15, 1e15) {
                Some(n) => numbers.push(n as i64),
                None => {
                    return Err(Error::NotAWholeNumber {
                        index: i as usize + 1,
                        value: describe(&item),
                    })
                }
            }
        }
        return Board::from_numbers(&numbers);
    }
    if value.is_undefined() {
        return Err(Error::InvalidOption(
            "the board is missing: new Solver({board: \"6 4 5 / 8 2 7 / 1 0 3\"})".into(),
        ));
    }
    Err(Error::InvalidOption(format!(
        "board must be text (\"6 4 5 / 8 2 7 / 1 0 3\") or an array of numbers, got {}",
        describe(value)
    )))
}

/// The `moves` of `boardAfter`: an array (or a typed array) of tile numbers.
pub fn moves(value: &JsValue) -> Result<Vec<u8>, Error> {
    tiles(
        value,
        "boardAfter(start, moves)",
        "moves",
        (MAX_MOVES, "moves"),
    )
}

/// An array (or a typed array) of tile numbers, `name` of the arguments of `call` (as
/// messages name it: "moves", "packet.path"), at most `max.0`, counted as `max.1` says.
pub fn tiles(value: &JsValue, call: &str, name: &str, max: (u32, &str)) -> Result<Vec<u8>, Error> {
    let (max, unit) = max;
    let Some(length) = array_length(value, &format!("{name} array"))? else {
        return Err(Error::InvalidOption(format!(
            "{call}: {name} must be an array of tiles, got {}",
            describe(value)
        )));
    };
    if length > max {
        return Err(Error::InvalidOption(format!(
            "{call} takes at most {max} {unit}, got {length}"
        )));
    }
    let mut tiles = Vec::new();
    for i in 0..length {
        let item = element(value, i, &format!("{name} array"))?;
        match whole_in(&item, 0.0, (MAX_CELLS - 1) as f64) {
            Some(tile) => tiles.push(tile as u8),
            None => {
                return Err(Error::InvalidOption(format!(
                    "{call}: element {} of {name} is {}, not a tile (a whole number from 1 to {})",
                    i + 1,
                    describe(&item),
                    MAX_CELLS - 1
                )))
            }
        }
    }
    Ok(tiles)
}

/// The bytes of `loadPatternDatabases`: a `Uint8Array` or an `ArrayBuffer`, copied.
pub fn bytes(value: &JsValue) -> Result<Vec<u8>, Error> {
    bytes_of(
        value,
        "loadPatternDatabases(goal, bytes)",
        "bytes",
        "exportPatternDatabases",
    )
}

/// Bytes given to `call` as its `what`: a `Uint8Array` or an `ArrayBuffer` (as `source`
/// gives), copied.
pub fn bytes_of(value: &JsValue, call: &str, what: &str, source: &str) -> Result<Vec<u8>, Error> {
    let tag = if value.is_object() {
        to_string_tag(value)
            .map_err(|e| threw(format!("reading the {what} of {call}"), &e))?
            .as_string()
    } else {
        None
    };
    match tag.as_deref() {
        Some("[object Uint8Array]" | "[object ArrayBuffer]") => {
            let copy = Bytes::new(value)
                .map_err(|e| threw(format!("reading the {what} of {call}"), &e))?;
            Ok(copy.unchecked_into::<js_sys::Uint8Array>().to_vec())
        }
        _ => Err(Error::InvalidOption(format!(
            "{call}: {what} must be a Uint8Array or an ArrayBuffer (as {source} gives), got {}",
            describe(value)
        ))),
    }
}
