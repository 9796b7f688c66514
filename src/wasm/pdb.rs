//! The pattern databases (the `pdb` heuristic) from JS: a resumable build, install, export and
//! load for a cache, and the registry they are installed in.

use super::{invalid, js, js_error};
use crate::board::Goal;
use crate::error::Error;
use crate::heuristic::pdb::PatternDatabases;
use js::whole;
use std::cell::RefCell;
use std::sync::Arc;
use wasm_bindgen::prelude::*;

thread_local! {
    /// The databases `pdb` solvers and `describeBoard` use, one slot per goal convention: the
    /// JS API installs once and creates solvers by name, so the bindings keep them here (the
    /// core keeps none; wasm runs on one thread).
    static INSTALLED: RefCell<[Option<Arc<PatternDatabases>>; 2]> =
        const { RefCell::new([None, None]) };
}

fn slot(goal: Goal) -> usize {
    usize::from(matches!(goal, Goal::BlankFirst))
}

/// Makes `databases` the ones `pdb` solvers for their goal use.
fn install(databases: PatternDatabases) {
    let goal = databases.goal();
    INSTALLED.with_borrow_mut(|installed| installed[slot(goal)] = Some(Arc::new(databases)));
}

/// The installed databases for `goal`, if any.
pub(super) fn installed(goal: Goal) -> Option<Arc<PatternDatabases>> {
    INSTALLED.with_borrow(|installed| installed[slot(goal)].clone())
}

/// The error of a call that needs the build finished.
fn unfinished(builder: &crate::heuristic::pdb::PdbBuilder) -> JsValue {
    // A whole percentage, written as an integer (no float formatting in the module).
    invalid(format!(
        "the build is not finished ({} % done): call work() until it returns true",
        (builder.progress() * 100.0).round() as u32
    ))
}

/// A resumable build of the 15-puzzle's pattern databases (the `pdb` heuristic), to run in a
/// worker in slices with a progress bar: `work(budget)` until it returns true, then
/// `install()`. About 29 MB; `exportPatternDatabases` gives the bytes to cache (`IndexedDB`).
/// `new PatternDatabaseBuilder(goal, part)` builds one of the three patterns only, so that
/// workers build them at once: each `exportPart()`, then `loadPatternDatabaseParts` installs
/// the three.
#[wasm_bindgen(js_name = PatternDatabaseBuilder)]
pub struct PatternDatabaseBuilder {
    builder: Option<crate::heuristic::pdb::PdbBuilder>,
}

#[wasm_bindgen(js_class = PatternDatabaseBuilder)]
impl PatternDatabaseBuilder {
    /// A build for `goal` (default blank-last): all three patterns, or with `part` (0, 1 or 2)
    /// that pattern only (patterns 0 and 1 take about half the time each, pattern 2 little).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "GoalConvention")] goal: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "0 | 1 | 2")] part: Option<JsValue>,
    ) -> Result<PatternDatabaseBuilder, JsValue> {
        let goal = js::goal(&goal, "new PatternDatabaseBuilder(goal)").map_err(|e| js_error(&e))?;
        let part = part.filter(|p| !p.is_undefined());
        let builder = match part {
            None => crate::heuristic::pdb::PdbBuilder::new(goal),
            Some(part) => {
                let number = whole(&part, 0.0, 2.0, |got| {
                    format!("new PatternDatabaseBuilder(goal, part): part is the pattern to build, 0, 1 or 2, got {got}")
                })
                .map_err(|e| js_error(&e))?;
                crate::heuristic::pdb::PdbBuilder::part(goal, number as usize)
                    .ok_or_else(|| invalid("part is 0, 1 or 2".into()))?
            }
        };
        Ok(PatternDatabaseBuilder {
            builder: Some(builder),
        })
    }

    /// The pattern a part's build makes (0, 1 or 2), or `undefined` for a build of all three.
    #[wasm_bindgen(getter)]
    pub fn part(&self) -> Option<u32> {
        self.builder
            .as_ref()
            .and_then(crate::heuristic::pdb::PdbBuilder::part_number)
            .map(|p| p as u32)
    }

    /// A part's finished table, for `loadPatternDatabaseParts` (the build is used up); throws
    /// before it is finished and for a build of all three.
    #[wasm_bindgen(js_name = exportPart)]
    pub fn export_part(&mut self) -> Result<js_sys::Uint8Array, JsValue> {
        match self.builder.take() {
            Some(b) if b.part_number().is_some() && b.done() => {
                let table = b.finish_part().unwrap_or_default();
                Ok(js_sys::Uint8Array::from(&table[..]))
            }
            Some(b) if b.part_number().is_none() => {
                self.builder = Some(b);
                Err(invalid(
                    "this build makes all three patterns: install() it (exportPart() is for a build of one part)".into(),
                ))
            }
            Some(b) => {
                let error = unfinished(&b);
                self.builder = Some(b);
                Err(error)
            }
            None => Err(invalid(
                "this build was exported or installed already".into(),
            )),
        }
    }

    /// Does about `budget` units of work (a unit is well under a microsecond); returns true
    /// once the build is complete.
    pub fn work(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] budget: JsValue,
    ) -> Result<bool, JsValue> {
        let budget = whole(&budget, 1.0, 1e9, |got| {
            format!("work(budget) takes a whole number from 1 to 1e9, got {got}")
        })
        .map_err(|e| js_error(&e))?;
        match &mut self.builder {
            Some(b) => Ok(b.work(budget as usize)),
            None => Err(invalid("this build was installed already".into())),
        }
    }

    /// Fraction done, 0 to 1.
    #[wasm_bindgen(getter)]
    pub fn progress(&self) -> f64 {
        self.builder
            .as_ref()
            .map_or(1.0, super::super::heuristic::pdb::PdbBuilder::progress)
    }

    /// Makes the finished databases the ones `pdb` solvers use; throws before the build is
    /// complete.
    pub fn install(&mut self) -> Result<(), JsValue> {
        match self.builder.take() {
            Some(b) if b.part_number().is_some() => {
                let part = b.part_number().unwrap_or_default();
                self.builder = Some(b);
                Err(invalid(format!(
                    "this build makes pattern {part} only: exportPart() it, and install the three parts with loadPatternDatabaseParts"
                )))
            }
            Some(b) if b.done() => {
                if let Some(databases) = b.finish() {
                    install(databases);
                }
                Ok(())
            }
            Some(b) => {
                let error = unfinished(&b);
                self.builder = Some(b);
                Err(error)
            }
            None => Err(invalid("this build was installed already".into())),
        }
    }
}

/// Whether the pattern databases for `goal` are installed (so `pdb` solvers can be created).
#[wasm_bindgen(js_name = patternDatabasesReady)]
pub fn pattern_databases_ready(
    #[wasm_bindgen(unchecked_param_type = "GoalConvention")] goal: JsValue,
) -> Result<bool, JsValue> {
    let goal = js::goal(&goal, "patternDatabasesReady(goal)").map_err(|e| js_error(&e))?;
    Ok(installed(goal).is_some())
}

/// The installed databases for `goal` as bytes, for a cache (they load again only while they hash
/// to the pinned SHA-256 digest).
#[wasm_bindgen(js_name = exportPatternDatabases)]
pub fn export_pattern_databases(
    #[wasm_bindgen(unchecked_param_type = "GoalConvention")] goal: JsValue,
) -> Result<js_sys::Uint8Array, JsValue> {
    let goal = js::goal(&goal, "exportPatternDatabases(goal)").map_err(|e| js_error(&e))?;
    let databases = installed(goal).ok_or_else(|| js_error(&Error::PdbMissing { goal }))?;
    Ok(js_sys::Uint8Array::from(&databases.to_bytes()[..]))
}

/// Installs databases from `exportPatternDatabases` bytes (a `Uint8Array` or an
/// `ArrayBuffer`); throws (installs nothing) when the bytes are damaged, from another version
/// or for the other goal, so the caller rebuilds.
#[wasm_bindgen(js_name = loadPatternDatabases)]
pub fn load_pattern_databases(
    #[wasm_bindgen(unchecked_param_type = "GoalConvention")] goal: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Uint8Array | ArrayBuffer")] bytes: JsValue,
) -> Result<(), JsValue> {
    let goal = js::goal(&goal, "loadPatternDatabases(goal, bytes)").map_err(|e| js_error(&e))?;
    let bytes = js::bytes(&bytes).map_err(|e| js_error(&e))?;
    let databases = PatternDatabases::from_bytes(goal, &bytes).map_err(|e| js_error(&e))?;
    install(databases);
    Ok(())
}

/// Installs databases from the three parts built separately (`exportPart()` of the builds of
/// parts 0, 1 and 2, in that order: `Uint8Array`s or `ArrayBuffer`s); throws (installs
/// nothing) unless they are exactly a correct build's for `goal`.
#[wasm_bindgen(js_name = loadPatternDatabaseParts)]
pub fn load_pattern_database_parts(
    #[wasm_bindgen(unchecked_param_type = "GoalConvention")] goal: JsValue,
    #[wasm_bindgen(unchecked_param_type = "(Uint8Array | ArrayBuffer)[]")] parts: JsValue,
) -> Result<(), JsValue> {
    const CALL: &str = "loadPatternDatabaseParts(goal, parts)";
    let goal = js::goal(&goal, CALL).map_err(|e| js_error(&e))?;
    let what = || format!("the parts of {CALL}");
    let is_array = js::is_array(&parts, what).map_err(|e| js_error(&e))?;
    let length = if is_array {
        js::read(&parts, &"length".into(), what)
            .map_err(|e| js_error(&e))?
            .as_f64()
    } else {
        None
    };
    if length != Some(3.0) {
        return Err(invalid(format!(
            "{CALL}: parts must be an array of the three parts' bytes (exportPart() of parts 0, 1 and 2), got {}",
            js::describe(&parts)
        )));
    }
    let mut tables: [Vec<u8>; 3] = Default::default();
    for (i, table) in (0..3u32).zip(tables.iter_mut()) {
        let item = js::read(&parts, &i.into(), what).map_err(|e| js_error(&e))?;
        let name = format!("parts[{i}]");
        *table = js::bytes_of(&item, CALL, &name, "exportPart()").map_err(|e| js_error(&e))?;
    }
    let databases = PatternDatabases::from_parts(goal, tables).map_err(|e| js_error(&e))?;
    install(databases);
    Ok(())
}
