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

/// A resumable build of the 15-puzzle's pattern databases (the `pdb` heuristic), to run in a
/// worker in slices with a progress bar: `work(budget)` until it returns true, then
/// `install()`. About 29 MB; `exportPatternDatabases` gives the bytes to cache (`IndexedDB`).
#[wasm_bindgen(js_name = PatternDatabaseBuilder)]
pub struct PatternDatabaseBuilder {
    builder: Option<crate::heuristic::pdb::PdbBuilder>,
}

#[wasm_bindgen(js_class = PatternDatabaseBuilder)]
impl PatternDatabaseBuilder {
    /// A build for `goal` (default blank-last).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "GoalConvention")] goal: JsValue,
    ) -> Result<PatternDatabaseBuilder, JsValue> {
        let goal = js::goal(&goal, "new PatternDatabaseBuilder(goal)").map_err(|e| js_error(&e))?;
        Ok(PatternDatabaseBuilder {
            builder: Some(crate::heuristic::pdb::PdbBuilder::new(goal)),
        })
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
            Some(b) if b.done() => {
                if let Some(databases) = b.finish() {
                    install(databases);
                }
                Ok(())
            }
            Some(b) => {
                let progress = b.progress();
                self.builder = Some(b);
                // A whole percentage, written as an integer (no float formatting in the module).
                Err(invalid(format!(
                    "the build is not finished ({} % done): call work() until it returns true",
                    (progress * 100.0).round() as u32
                )))
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
