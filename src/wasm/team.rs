//! The parallel search's team on one memory ([`crate::search::parallel::Team`]), for the
//! browser's workers where they share their memory (the module built with atomics, on a
//! cross-origin isolated page): the leading worker opens a team (`teamOpen`), tells the
//! others its number, and runs the search (`teamLead`); each other worker calls `teamHelp`
//! with that number until it says "over". A split iteration then reaches them without a
//! message. A team's number is looked up, never trusted: a wrong one is refused or finds the
//! search over.

#[cfg(not(target_feature = "atomics"))]
pub use own::{team_help, team_lead, team_open};
#[cfg(target_feature = "atomics")]
pub use shared::{team_help, team_lead, team_open};

/// Where each worker has its own memory there is no team: each call says so.
#[cfg(not(target_feature = "atomics"))]
mod own {
    use super::super::invalid;
    use wasm_bindgen::prelude::*;

    fn refused(call: &str) -> JsValue {
        invalid(format!(
            "{call}: a team is for workers sharing one memory (on a cross-origin isolated page)"
        ))
    }

    /// `teamOpen(options)`: refused in this module (see the module with shared memory).
    #[wasm_bindgen(js_name = teamOpen)]
    pub fn team_open(
        #[wasm_bindgen(unchecked_param_type = "ParallelSearchOptions")] _options: JsValue,
    ) -> Result<u32, JsValue> {
        Err(refused("teamOpen(options)"))
    }

    /// `teamLead(team, goOn, ms)`: refused in this module.
    #[wasm_bindgen(js_name = teamLead, unchecked_return_type = "TeamResult | null")]
    pub fn team_lead(
        #[wasm_bindgen(unchecked_param_type = "number")] _team: JsValue,
        #[wasm_bindgen(js_name = goOn)] _go_on: &js_sys::Function,
        #[wasm_bindgen(unchecked_param_type = "number")] _ms: JsValue,
    ) -> Result<JsValue, JsValue> {
        Err(refused("teamLead(team, goOn, ms)"))
    }

    /// `teamHelp(team, worker, ms)`: refused in this module.
    #[wasm_bindgen(js_name = teamHelp, unchecked_return_type = "\"worked\" | \"waited\" | \"over\"")]
    pub fn team_help(
        #[wasm_bindgen(unchecked_param_type = "number")] _team: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] _worker: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] _ms: JsValue,
    ) -> Result<String, JsValue> {
        Err(refused("teamHelp(team, worker, ms)"))
    }
}

#[cfg(target_feature = "atomics")]
mod shared {
    use super::super::js::{self, whole};
    use super::super::parallel::{object, search_options, SearchOptions};
    use super::super::{invalid, js_error, now_ms, to_js};
    use crate::search::parallel::{
        Helped, Leading, PacketSearcher, Team, TeamProgress, WORTH_SPLITTING_TEAM,
    };
    use std::cell::RefCell;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, Mutex, PoisonError};
    use wasm_bindgen::prelude::*;

    /// An open team: its number, the options its coordinator and searchers are made with
    /// (a hand-over among them), whether it has been led.
    struct Opened {
        id: u32,
        team: Arc<Team>,
        options: SearchOptions,
        split_above: u64,
        led: AtomicBool,
    }

    /// The open teams: in the module built with atomics, one list for every worker on the memory.
    static TEAMS: Mutex<Vec<Arc<Opened>>> = Mutex::new(Vec::new());
    /// The last team's number.
    static LAST: Mutex<u32> = Mutex::new(0);

    thread_local! {
        /// The team this worker leads: its number and the leader's search.
        static LEADING: RefCell<Option<(u32, Leading)>> = const { RefCell::new(None) };
        /// This worker's part in a team it helps: the team's number and its searcher.
        static HELPING: RefCell<Option<(u32, PacketSearcher)>> = const { RefCell::new(None) };
    }

    #[wasm_bindgen]
    extern "C" {
        /// The page's document: undefined in a worker.
        #[wasm_bindgen(thread_local_v2, js_namespace = globalThis, js_name = document)]
        static DOCUMENT: JsValue;
    }

    fn teams() -> std::sync::MutexGuard<'static, Vec<Arc<Opened>>> {
        TEAMS.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The milliseconds `ms` of `call`: a whole number from 0 to 1000.
    fn milliseconds(ms: &JsValue, call: &str) -> Result<f64, JsValue> {
        whole(ms, 0.0, 1000.0, |got| {
            format!("{call}: ms must be a whole number from 0 to 1000, got {got}")
        })
        .map_err(|e| js_error(&e))
    }

    /// The open team numbered `team` (a whole number; `call` in messages), if any.
    fn find(team: &JsValue, call: &str) -> Result<Option<Arc<Opened>>, JsValue> {
        let id = whole(team, 1.0, f64::from(u32::MAX), |got| {
            format!("{call}: team must be the number teamOpen gave, got {got}")
        })
        .map_err(|e| js_error(&e))? as u32;
        Ok(teams().iter().find(|t| t.id == id).cloned())
    }

    /// `teamOpen({board, heuristic?, goal?, order?, workers, splitAbove?, handOver?})`: a team
    /// for a parallel IDA* on `workers` workers sharing this memory (2 to 256), its iterations
    /// split above `splitAbove` predicted nodes (default: what suits such a team), going on
    /// from `handOver` (a `Solver`'s, as `new ParallelSearch` does). Returns its number,
    /// for `teamLead` here and `teamHelp` in the others. Throws a `TileSearchError` as `new
    /// ParallelSearch` does.
    #[wasm_bindgen(js_name = teamOpen)]
    pub fn team_open(
        #[wasm_bindgen(unchecked_param_type = "ParallelSearchOptions")] options: JsValue,
    ) -> Result<u32, JsValue> {
        let o = search_options(&options, "teamOpen", true).map_err(|e| js_error(&e))?;
        let team = Team::new(o.workers).map_err(|e| js_error(&e))?;
        let mut last = LAST.lock().unwrap_or_else(PoisonError::into_inner);
        *last = last.wrapping_add(1).max(1);
        teams().push(Arc::new(Opened {
            id: *last,
            team: Arc::new(team),
            split_above: o.split_above.unwrap_or(WORTH_SPLITTING_TEAM),
            options: o,
            led: AtomicBool::new(false),
        }));
        Ok(*last)
    }

    /// `teamLead(team, goOn, ms)`: leads team `team`'s search here for about `ms` milliseconds
    /// (0 to 1000), with the help of the workers that call `teamHelp` meanwhile; null while
    /// it goes on (call it again with the same team, free in between to do other work), then
    /// `{summary, stopped, whole, split, taken, skipped, workers}`: the summary a `Solver`'s
    /// `run()` would give (of the iterations finished, when stopped), the iterations searched
    /// whole here and split, the packets taken and never taken, and each worker's share (this
    /// one first). `goOn(iteration, threshold, packets, taken)` is called between packets and
    /// every 65,536 nodes or so (4,096 within a packet); false (or a throw, which `teamLead`
    /// then throws) stops the search. The team is then over (helpers hear "over"). Throws a
    /// `TileSearchError` for a team that is not open or that another worker leads, and as
    /// `new ParallelSearch` does.
    #[wasm_bindgen(js_name = teamLead, unchecked_return_type = "TeamResult | null")]
    pub fn team_lead(
        #[wasm_bindgen(unchecked_param_type = "number")] team: JsValue,
        #[wasm_bindgen(js_name = goOn)] go_on: &js_sys::Function,
        #[wasm_bindgen(unchecked_param_type = "number")] ms: JsValue,
    ) -> Result<JsValue, JsValue> {
        const CALL: &str = "teamLead(team, goOn, ms)";
        let ms = milliseconds(&ms, CALL)?;
        let Some(opened) = find(&team, CALL)? else {
            return Err(invalid(format!(
                "{CALL}: no open team {}: teamOpen(options) first",
                js::describe(&team)
            )));
        };
        LEADING.with(|cell| {
            // goOn may call back in: refused, not a second borrow.
            let Ok(mut cell) = cell.try_borrow_mut() else {
                return Err(invalid(format!("{CALL}: called from its own goOn")));
            };
            if cell.as_ref().is_none_or(|(id, _)| *id != opened.id) {
                if opened.led.swap(true, Ordering::Relaxed) {
                    return Err(invalid(format!(
                        "{CALL}: team {} is led by another worker",
                        opened.id
                    )));
                }
                let options = &opened.options;
                let leading = options.coordinator(opened.split_above).and_then(|search| {
                    options
                        .searcher()
                        .map(|searcher| Leading::new(search, searcher))
                });
                match leading {
                    Ok(leading) => *cell = Some((opened.id, leading)),
                    Err(error) => {
                        close(opened.id);
                        return Err(js_error(&error));
                    }
                }
            }
            let Some((_, leading)) = cell.as_mut() else {
                return Ok(JsValue::NULL);
            };
            let mut failed = None;
            let mut ask = |p: &TeamProgress| {
                if failed.is_some() {
                    return false;
                }
                let args = [p.iteration, p.threshold, p.packets, p.taken].map(JsValue::from);
                match go_on.call4(&JsValue::NULL, &args[0], &args[1], &args[2], &args[3]) {
                    Ok(v) => v.is_truthy(),
                    Err(error) => {
                        failed = Some(error);
                        false
                    }
                }
            };
            let led = opened.team.lead_for(leading, &mut ask, ms, now_ms);
            let run = match led {
                Ok(None) => return Ok(JsValue::NULL),
                Ok(Some(run)) => run,
                Err(error) => {
                    *cell = None;
                    close(opened.id);
                    return Err(js_error(&error));
                }
            };
            let summary = to_js(&leading.search().report().summary());
            *cell = None;
            close(opened.id);
            if let Some(error) = failed {
                return Err(error);
            }
            let shares = run
                .loads
                .iter()
                .map(|l| {
                    object(&[
                        ("packets", (l.packets as f64).into()),
                        ("nodes", (l.nodes as f64).into()),
                        ("generated", (l.generated as f64).into()),
                        ("abandoned", (l.abandoned as f64).into()),
                        ("busy", (l.busy_ms / 1000.0).into()),
                    ])
                })
                .collect::<Result<js_sys::Array, _>>()?;
            object(&[
                ("summary", summary),
                ("stopped", run.stopped.into()),
                ("whole", run.whole.into()),
                ("split", run.split.into()),
                ("taken", (run.taken as f64).into()),
                ("skipped", (run.skipped as f64).into()),
                ("workers", shares.into()),
            ])
        })
    }

    /// Removes team `id` from the open ones: its leader is done with it.
    fn close(id: u32) {
        teams().retain(|t| t.id != id);
    }

    /// `teamHelp(team, worker, ms)`: this worker helps team `team` as its worker `worker` (1 to
    /// workers − 1): waits up to `ms` milliseconds (0 to 1000) for a split iteration, searches
    /// its packets with the others (taking none after `ms` milliseconds of search) and returns
    /// "worked"; "waited" when none came;
    /// "over" once the search has ended, or the team is not open (call it in a loop until then,
    /// free to do other work in between). A worker's call: on a page's own thread, which may
    /// not wait, it throws a `TileSearchError` (as does a bad argument or worker number).
    #[wasm_bindgen(js_name = teamHelp, unchecked_return_type = "\"worked\" | \"waited\" | \"over\"")]
    pub fn team_help(
        #[wasm_bindgen(unchecked_param_type = "number")] team: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] worker: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] ms: JsValue,
    ) -> Result<String, JsValue> {
        const CALL: &str = "teamHelp(team, worker, ms)";
        let worker = whole(&worker, 1.0, 255.0, |got| {
            format!("{CALL}: worker must be a whole number from 1 to 255, got {got}")
        })
        .map_err(|e| js_error(&e))? as u32;
        let wait = milliseconds(&ms, CALL)?;
        let Some(opened) = find(&team, CALL)? else {
            HELPING.with(|h| h.borrow_mut().take());
            return Ok("over".into());
        };
        // A page's thread may not wait (waiting there traps): a window has a document.
        if DOCUMENT.with(|document| !document.is_undefined()) {
            return Err(invalid(format!(
                "{CALL}: a page's own thread cannot wait for a team's work: help from a worker"
            )));
        }
        HELPING.with(|helping| {
            let mut helping = helping.borrow_mut();
            if helping.as_ref().is_none_or(|(id, ..)| *id != opened.id) {
                let searcher = opened.options.searcher().map_err(|e| js_error(&e))?;
                *helping = Some((opened.id, searcher));
            }
            let Some((_, searcher)) = helping.as_mut() else {
                return Ok("over".into());
            };
            let helped = opened
                .team
                .help(worker, searcher, wait, now_ms)
                .map_err(|e| js_error(&e))?;
            Ok(match helped {
                Helped::Worked => "worked",
                Helped::Waited => "waited",
                Helped::Over => {
                    *helping = None;
                    "over"
                }
            }
            .into())
        })
    }
}
