//! The names the options take, with their display names, from the core's own lists: the page's
//! menus and titles read them here instead of keeping lists of their own.

use crate::board::{Goal, MoveOrder};
use crate::heuristic::HeuristicKind;
use crate::search::Algorithm;
use wasm_bindgen::prelude::*;

/// `"key":[{"name":…,"title":…},…]` for each of `all`, the default first, then in the core's
/// order. Names and titles are the core's own words: no character in them needs escaping.
fn listed<T: Copy + Default + PartialEq>(
    json: &mut String,
    key: &str,
    all: impl IntoIterator<Item = T>,
    entry: impl Fn(T) -> (String, String),
) {
    let first = T::default();
    let all = std::iter::once(first).chain(all.into_iter().filter(|item| *item != first));
    json.push_str(if json.is_empty() { "{\"" } else { ",\"" });
    json.push_str(key);
    json.push_str("\":[");
    for (i, item) in all.enumerate() {
        let (name, title) = entry(item);
        json.push_str(if i == 0 {
            "{\"name\":\""
        } else {
            ",{\"name\":\""
        });
        json.push_str(&name);
        json.push_str("\",\"title\":\"");
        json.push_str(&title);
        json.push_str("\"}");
    }
    json.push(']');
}

/// The heuristics, algorithms, goal conventions and move orders the options take, as JSON text
/// (`JSON.parse` gives a `Catalog`): each list of `{name, title}` (the option's value and its
/// name in a sentence) with its default first. Text, not objects, keeps this out of the wasm's
/// serialisers (the wasm has a size budget).
#[wasm_bindgen]
pub fn catalog() -> String {
    let mut json = String::new();
    let text = |name: &str, title: &str| (name.to_string(), title.to_string());
    listed(&mut json, "heuristics", HeuristicKind::NAMED, |k| {
        text(k.name(), k.title())
    });
    listed(&mut json, "algorithms", Algorithm::ALL, |a| {
        text(a.name(), a.title())
    });
    listed(&mut json, "goals", Goal::ALL, |g| text(g.name(), g.title()));
    listed(&mut json, "orders", MoveOrder::all(), |o| {
        (o.name(), o.title())
    });
    json.push('}');
    json
}
