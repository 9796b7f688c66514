//! The Python extension module `tilesearch._core` (the `python` feature, built by maturin):
//! the `Board`, `Solver`, `SolveResult` and `Verdict` classes and the `parse_board`, `solve`,
//! `check` and `exercises` functions. Like the wasm bindings, this module only converts
//! arguments, results and errors; the search, the checker and the exercises are the core's,
//! and `solve`, `check` and `exercises` print what the CLI prints (they call its code).
//!
//! Errors are raised as the classes of `tilesearch._errors` (all `tilesearch.Error`) with the
//! core's message and `kind`. Every argument is checked before the core sees it, so no panic
//! is expected; [`guarded`] turns one that happens anyway into a `tilesearch.Error`. Long runs
//! release the GIL and look for signals between slices, so Ctrl-C stops them.

// PyO3's module and class macros emit `#[no_mangle]` entry points and FFI glue.
#![allow(unsafe_code)]

mod board;
mod check;
mod solver;

use crate::board::{Board as CoreBoard, Goal};
use crate::cli::pdb_cache;
use crate::error::Error;
use crate::heuristic::pdb::PatternDatabases;
use crate::heuristic::{HeuristicChoice, HeuristicKind};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyModule, PyString};
use serde_json::Value;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::str::FromStr;
use std::sync::{Arc, OnceLock};

/// The tilesearch core compiled for Python: the `tilesearch` package re-exports it.
#[pymodule]
#[pyo3(name = "_core")]
fn core_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<board::Board>()?;
    m.add_class::<solver::Solver>()?;
    m.add_class::<solver::SolveResult>()?;
    m.add_class::<check::Verdict>()?;
    m.add_function(wrap_pyfunction!(board::parse_board, m)?)?;
    m.add_function(wrap_pyfunction!(solver::solve, m)?)?;
    m.add_function(wrap_pyfunction!(check::check, m)?)?;
    m.add_function(wrap_pyfunction!(exercises, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}

/// The exception class for a core error kind, by its name in `tilesearch._errors`.
fn class_name(kind: &str) -> &'static str {
    match kind {
        "unsolvable" => "Unsolvable",
        "not-adjacent" => "IllegalMove",
        "unknown-heuristic" | "unknown-goal" | "unknown-algorithm" | "invalid-option"
        | "pdb-width" | "pdb-missing" => "InvalidOption",
        "empty-trace" => "EmptyTrace",
        "internal" => "Error",
        // Every other kind the module can meet is a board's text or numbers.
        _ => "InvalidBoard",
    }
}

/// `tilesearch._errors`, imported once.
static ERRORS: PyOnceLock<Py<PyModule>> = PyOnceLock::new();

/// A `tilesearch.Error` subclass instance for `kind` with `message`.
fn raise(py: Python<'_>, kind: &str, message: &str) -> PyErr {
    let made = ERRORS
        .get_or_try_init(py, || {
            PyModule::import(py, "tilesearch._errors").map(Bound::unbind)
        })
        .and_then(|errors| {
            errors
                .bind(py)
                .getattr(class_name(kind))?
                .call1((message, kind))
        });
    match made {
        Ok(instance) => PyErr::from_value(instance),
        Err(error) => error,
    }
}

/// A core error as its Python exception.
pub(crate) fn core_error(py: Python<'_>, error: &Error) -> PyErr {
    raise(py, error.kind(), &error.to_string())
}

/// An invalid argument (`InvalidOption`, a `ValueError`).
pub(crate) fn invalid(py: Python<'_>, message: impl Into<String>) -> PyErr {
    core_error(py, &Error::InvalidOption(message.into()))
}

/// Runs `f`, turning a panic (a bug: every input is checked first) into a `tilesearch.Error`.
pub(crate) fn guarded<T>(py: Python<'_>, f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(result) => result,
        Err(panic) => Err(raise(py, "internal", &panic_message(panic.as_ref()))),
    }
}

/// A panic's payload as a message.
pub(crate) fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    let what = payload
        .downcast_ref::<&str>()
        .map(ToString::to_string)
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_default();
    format!("internal error in tilesearch (please report it): {what}")
}

/// A goal, heuristic, algorithm or move order by name, with the core's message if unknown.
pub(crate) fn named<T: FromStr<Err = Error>>(py: Python<'_>, name: &str) -> PyResult<T> {
    name.parse().map_err(|e| core_error(py, &e))
}

/// Plain JSON data as Python objects: dicts keep the JSON's key order, whole numbers are ints.
pub(crate) fn to_py<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => u.into_pyobject(py)?.into_any(),
            (None, Some(i)) => i.into_pyobject(py)?.into_any(),
            _ => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any(),
        },
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(items) => {
            let items = items
                .iter()
                .map(|v| to_py(py, v))
                .collect::<PyResult<Vec<_>>>()?;
            PyList::new(py, items)?.into_any()
        }
        Value::Object(fields) => {
            let dict = PyDict::new(py);
            for (key, v) in fields {
                dict.set_item(key, to_py(py, v)?)?;
            }
            dict.into_any()
        }
    })
}

/// Serialisable core data (events, verdicts) as Python objects, through its JSON form, so
/// that Python sees exactly the fields and names the CLI prints.
pub(crate) fn serialised<'py, T: serde::Serialize>(
    py: Python<'py>,
    value: &T,
) -> PyResult<Bound<'py, PyAny>> {
    let value = serde_json::to_value(value)
        .map_err(|e| raise(py, "internal", &format!("cannot serialise: {e}")))?;
    to_py(py, &value)
}

/// The pattern databases of each goal, loaded (or built) once per process from the CLI's
/// cache: blank-last, then blank-first.
static DATABASES: [OnceLock<Arc<PatternDatabases>>; 2] = [OnceLock::new(), OnceLock::new()];

/// The heuristic `kind` for `board` towards `goal`; `pdb` on a 4×4 board loads its databases
/// first, with the GIL released (a first build takes seconds).
pub(crate) fn heuristic_for(
    py: Python<'_>,
    kind: HeuristicKind,
    board: &CoreBoard,
    goal: Goal,
) -> PyResult<HeuristicChoice> {
    let databases = (kind == HeuristicKind::Pdb && board.width() == 4).then(|| {
        let cell = &DATABASES[usize::from(goal == Goal::BlankFirst)];
        py.detach(|| Arc::clone(cell.get_or_init(|| pdb_cache::load_or_build(goal))))
    });
    HeuristicChoice::new(kind, board.width(), goal, databases).map_err(|e| core_error(py, &e))
}

/// `exercises(seed, *, count=None, width=None, heuristic=None, goal=None, kinds=None,
/// fmt="json")`: what `tilesearch exercise` writes for these options.
#[pyfunction]
#[pyo3(signature = (seed, *, count=None, width=None, heuristic=None, goal=None, kinds=None, fmt="json"))]
#[allow(clippy::too_many_arguments)]
fn exercises(
    py: Python<'_>,
    seed: &Bound<'_, PyAny>,
    count: Option<&Bound<'_, PyAny>>,
    width: Option<&Bound<'_, PyAny>>,
    heuristic: Option<&str>,
    goal: Option<&str>,
    kinds: Option<Vec<String>>,
    fmt: &str,
) -> PyResult<String> {
    // The CLI's own option words, so that both read them with the same checks and messages.
    let mut args = vec!["--seed".to_string(), whole_word(seed)?];
    if let Some(count) = count {
        args.extend(["--count".into(), whole_word(count)?]);
    }
    if let Some(width) = width {
        args.extend(["--width".into(), whole_word(width)?]);
    }
    if let Some(heuristic) = heuristic {
        args.extend(["--heuristic".into(), heuristic.into()]);
    }
    if let Some(goal) = goal {
        args.extend(["--goal".into(), goal.into()]);
    }
    if let Some(kinds) = kinds {
        args.extend(["--kinds".into(), kinds.join(",")]);
    }
    args.extend(["--format".into(), fmt.into()]);
    guarded(py, || {
        py.detach(|| crate::cli::exercise::text(&args))
            .map_err(|error| match error {
                // The CLI's message, naming its option (`--count` for `count=`).
                crate::cli::exercise::ExerciseError::Usage(message) => invalid(py, message),
                crate::cli::exercise::ExerciseError::Generate(error) => core_error(py, &error),
            })
    })
}

/// A whole-number argument as the CLI's word for it (a `TypeError` for anything but an int,
/// a bool included); the CLI then checks its range with its own message.
fn whole_word(value: &Bound<'_, PyAny>) -> PyResult<String> {
    match value.cast::<PyInt>() {
        Ok(int) if !value.is_instance_of::<PyBool>() => Ok(int.str()?.to_string()),
        _ => Err(PyTypeError::new_err(format!(
            "expected a whole number (int), got {}",
            value
                .get_type()
                .name()
                .map_or_else(|_| "another type".into(), |n| n.to_string())
        ))),
    }
}
