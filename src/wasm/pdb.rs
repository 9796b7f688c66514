//! The pattern databases (the `pdb` heuristic) from JS: a resumable build, install, export and
//! load for a cache, and the registry they are installed in.

use super::{invalid, js, js_error};
use crate::board::Goal;
use crate::error::Error;
use crate::heuristic::pdb::{PatternDatabases, PdbBuilder};
use js::whole;
use std::sync::{Arc, PoisonError, RwLock};
use wasm_bindgen::prelude::*;

/// The databases `pdb` solvers and `describeBoard` use, one slot per goal convention: the JS
/// API installs once and creates solvers by name, so the bindings keep them here (the core
/// keeps none). A static, not a thread's: in the build with shared memory every worker's
/// instance reads the one copy that any of them installed.
static INSTALLED: RwLock<[Option<Arc<PatternDatabases>>; 2]> = RwLock::new([None, None]);

fn slot(goal: Goal) -> usize {
    usize::from(matches!(goal, Goal::BlankFirst))
}

/// Makes `databases` the ones `pdb` solvers for their goal use.
fn install(databases: PatternDatabases) {
    let goal = databases.goal();
    let databases = Arc::new(databases);
    INSTALLED.write().unwrap_or_else(PoisonError::into_inner)[slot(goal)] = Some(databases);
}

/// The installed databases for `goal`, if any.
pub(super) fn installed(goal: Goal) -> Option<Arc<PatternDatabases>> {
    INSTALLED.read().unwrap_or_else(PoisonError::into_inner)[slot(goal)].clone()
}

/// The error of a call that needs the build finished.
fn unfinished(builder: &PdbBuilder) -> JsValue {
    // A whole percentage, written as an integer (no float formatting in the module).
    invalid(format!(
        "the build is not finished ({} % done): call work() until it returns true",
        (builder.progress() * 100.0).round() as u32
    ))
}

/// Where a [`PatternDatabaseBuilder`] stands: building (finished or not) until its result is
/// handed over, then which way it went, so that each later call can say what happened.
enum Stage {
    /// Building, or built and not yet handed over.
    Building(PdbBuilder),
    /// A build of all three patterns whose databases `install()` installed.
    Installed,
    /// A build of one part whose table `exportPart()` returned.
    Exported {
        /// The pattern, 0 to 2.
        part: usize,
    },
}

/// A resumable build of the 15-puzzle's pattern databases (the `pdb` heuristic), to run in a
/// worker in slices with a progress bar: `work(budget)` until it returns true, then
/// `install()`. About 29 MB; `exportPatternDatabases` gives the bytes to cache (`IndexedDB`).
/// `new PatternDatabaseBuilder(goal, part)` builds one of the three patterns only, so that
/// workers build them at once: each `exportPart()`, then `loadPatternDatabaseParts` installs
/// the three.
#[wasm_bindgen(js_name = PatternDatabaseBuilder)]
pub struct PatternDatabaseBuilder {
    goal: Goal,
    stage: Stage,
}

/// The builder's calls that need the build itself.
#[derive(Clone, Copy)]
enum Call {
    Install,
    ExportPart,
    Work,
}

impl PatternDatabaseBuilder {
    /// The error of `call` after the build's result was handed over: what happened to it.
    fn handed_over(&self, call: Call) -> JsValue {
        let goal = self.goal;
        invalid(match (&self.stage, call) {
            (Stage::Exported { part }, Call::Install) => format!(
                "this build made pattern {part} only, and exportPart() returned its table already: install the three parts with loadPatternDatabaseParts(\"{goal}\", [part0, part1, part2])"
            ),
            (Stage::Exported { part }, Call::ExportPart) => format!(
                "pattern {part}'s table was exported already (exportPart() hands it over once): keep the bytes it returned, or build the part again"
            ),
            (Stage::Exported { part }, Call::Work) => format!(
                "pattern {part}'s table was exported already: there is no work left"
            ),
            (_, Call::ExportPart) => format!(
                "this build made all three patterns and was installed already (exportPart() is for a build of one part): exportPatternDatabases(\"{goal}\") gives the installed databases' bytes"
            ),
            (_, Call::Install) => format!(
                "this build was installed already (a build installs once): pdb solvers for the goal {goal} can be created"
            ),
            (_, Call::Work) => "this build was installed already: there is no work left".to_string(),
        })
    }
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
            None => PdbBuilder::new(goal),
            Some(part) => {
                let number = whole(&part, 0.0, 2.0, |got| {
                    format!("new PatternDatabaseBuilder(goal, part): part is the pattern to build, 0, 1 or 2, got {got}")
                })
                .map_err(|e| js_error(&e))?;
                PdbBuilder::part(goal, number as usize)
                    .ok_or_else(|| invalid("part is 0, 1 or 2".into()))?
            }
        };
        Ok(PatternDatabaseBuilder {
            goal,
            stage: Stage::Building(builder),
        })
    }

    /// The pattern a part's build makes (0, 1 or 2), or `undefined` for a build of all three;
    /// the same after the build is handed over.
    #[wasm_bindgen(getter)]
    pub fn part(&self) -> Option<u32> {
        match &self.stage {
            Stage::Building(b) => b.part_number().map(|p| p as u32),
            Stage::Installed => None,
            Stage::Exported { part } => Some(*part as u32),
        }
    }

    /// A part's finished table, for `loadPatternDatabaseParts` (handed over once); throws
    /// before it is finished, for a build of all three and once exported.
    #[wasm_bindgen(js_name = exportPart)]
    pub fn export_part(&mut self) -> Result<js_sys::Uint8Array, JsValue> {
        let Stage::Building(b) = &self.stage else {
            return Err(self.handed_over(Call::ExportPart));
        };
        let Some(part) = b.part_number() else {
            return Err(invalid(
                "this build makes all three patterns: install() it (exportPart() is for a build of one part)".into(),
            ));
        };
        if !b.done() {
            return Err(unfinished(b));
        }
        let Stage::Building(b) = std::mem::replace(&mut self.stage, Stage::Exported { part })
        else {
            return Err(self.handed_over(Call::ExportPart));
        };
        let table = b.finish_part().unwrap_or_default();
        Ok(js_sys::Uint8Array::from(&table[..]))
    }

    /// Does about `budget` units of work (a unit is well under a microsecond); returns true
    /// once the build is complete. Throws once the build is handed over.
    pub fn work(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] budget: JsValue,
    ) -> Result<bool, JsValue> {
        let budget = whole(&budget, 1.0, 1e9, |got| {
            format!("work(budget) takes a whole number from 1 to 1e9, got {got}")
        })
        .map_err(|e| js_error(&e))?;
        match &mut self.stage {
            Stage::Building(b) => Ok(b.work(budget as usize)),
            _ => Err(self.handed_over(Call::Work)),
        }
    }

    /// Fraction done, 0 to 1 (1 once handed over).
    #[wasm_bindgen(getter)]
    pub fn progress(&self) -> f64 {
        match &self.stage {
            Stage::Building(b) => b.progress(),
            _ => 1.0,
        }
    }

    /// Makes the finished databases the ones `pdb` solvers use; throws before the build is
    /// complete, for a build of one part and once installed.
    pub fn install(&mut self) -> Result<(), JsValue> {
        let Stage::Building(b) = &self.stage else {
            return Err(self.handed_over(Call::Install));
        };
        if let Some(part) = b.part_number() {
            return Err(invalid(format!(
                "this build makes pattern {part} only: exportPart() it, and install the three parts with loadPatternDatabaseParts"
            )));
        }
        if !b.done() {
            return Err(unfinished(b));
        }
        let Stage::Building(b) = std::mem::replace(&mut self.stage, Stage::Installed) else {
            return Err(self.handed_over(Call::Install));
        };
        // Never `None`: a finished build of all three has every table.
        if let Some(databases) = b.finish() {
            install(databases);
        }
        Ok(())
    }
}

/// Whether the pattern databases for `goal` are installed (so `pdb` solvers can be created):
/// in this instance, or in the module with shared memory by any instance on that memory.
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
