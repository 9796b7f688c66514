//! The names the options take, with their display names, from the core's own lists: the page's
//! menus and titles read them here instead of keeping lists of their own.

use crate::board::{Goal, MoveOrder};
use crate::heuristic::HeuristicKind;
use crate::search::Algorithm;
use wasm_bindgen::prelude::*;

/// A yes-or-no field of each entry of a list: its name, and its value for an item.
type Flag<T> = (&'static str, fn(T) -> bool);

/// `"key":[{"name":…,"title":…,"label":…},…]` for each of `all`, the default first, then in the
/// core's order, each with `"flag":true|false` too where `flag` names one. The words are the
/// core's own: no character in them needs escaping.
fn listed<T: Copy + Default + PartialEq>(
    json: &mut String,
    key: &str,
    all: impl IntoIterator<Item = T>,
    entry: impl Fn(T) -> [String; 3],
    flag: Option<Flag<T>>,
) {
    let first = T::default();
    let all = std::iter::once(first).chain(all.into_iter().filter(|item| *item != first));
    json.push_str(if json.is_empty() { "{\"" } else { ",\"" });
    json.push_str(key);
    json.push_str("\":[");
    for (i, item) in all.enumerate() {
        let [name, title, label] = entry(item);
        json.push_str(if i == 0 { "{" } else { ",{" });
        for (field, text) in [("name", name), ("title", title), ("label", label)] {
            json.push_str(if field == "name" { "\"" } else { ",\"" });
            json.push_str(field);
            json.push_str("\":\"");
            json.push_str(&text);
            json.push('"');
        }
        if let Some((field, value)) = flag {
            json.push_str(",\"");
            json.push_str(field);
            json.push_str("\":");
            json.push_str(if value(item) { "true" } else { "false" });
        }
        json.push('}');
    }
    json.push(']');
}

/// The heuristics, algorithms, goal conventions and move orders the options take, as JSON text
/// (`JSON.parse` gives a `Catalog`): each list of `{name, title, label}` (the option's value,
/// its name in a sentence and its short name for menus) with its default first; each algorithm
/// also says whether its solution is a shortest one (`shortest`). Text, not objects, keeps this
/// out of the wasm's serialisers (the wasm has a size budget).
#[wasm_bindgen]
pub fn catalog() -> String {
    let mut json = String::new();
    let text = |words: [&str; 3]| words.map(str::to_string);
    listed(
        &mut json,
        "heuristics",
        HeuristicKind::NAMED,
        |k| text([k.name(), k.title(), k.label()]),
        None,
    );
    listed(
        &mut json,
        "algorithms",
        Algorithm::ALL,
        |a| text([a.name(), a.title(), a.label()]),
        Some(("shortest", Algorithm::finds_shortest)),
    );
    listed(
        &mut json,
        "goals",
        Goal::ALL,
        |g| text([g.name(), g.title(), g.label()]),
        None,
    );
    listed(
        &mut json,
        "orders",
        MoveOrder::all(),
        |o| [o.name(), o.title(), o.title()],
        None,
    );
    json.push('}');
    json
}
