//! `check` and `Verdict`: a student's IDA* trace checked by the CLI's own checker, reading the
//! same bytes the same way (`Checker::check_input`), so there is one verdict everywhere.

use super::{core_error, guarded, heuristic_for, named, raise, to_py};
use crate::board::{Board as CoreBoard, Goal, MoveOrder};
use crate::check::{CheckInputError, Checker};
use crate::cli::check::print_verdict;
use crate::heuristic::HeuristicKind;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyIterator};
use serde_json::Value;
use std::io::{self, Read};

/// The trace's bytes, pulled from a Python iterator of `bytes` chunks while the checker runs
/// with the GIL released: each chunk taken with the GIL, signals looked for between chunks.
struct Chunks {
    chunks: Py<PyIterator>,
    buffer: Vec<u8>,
    at: usize,
    /// The Python exception that ended reading (a file's error, Ctrl-C, a chunk not bytes).
    error: Option<PyErr>,
}

impl Read for Chunks {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        while self.at == self.buffer.len() {
            let next = Python::attach(|py| -> PyResult<Option<Vec<u8>>> {
                py.check_signals()?;
                match self.chunks.bind(py).clone().next() {
                    None => Ok(None),
                    Some(chunk) => {
                        let chunk = chunk?;
                        let bytes = chunk.cast::<PyBytes>().map_err(|_| {
                            PyTypeError::new_err("the trace's chunks must be bytes")
                        })?;
                        Ok(Some(bytes.as_bytes().to_vec()))
                    }
                }
            });
            match next {
                Ok(None) => return Ok(0),
                Ok(Some(bytes)) => {
                    self.buffer = bytes;
                    self.at = 0;
                }
                Err(error) => {
                    self.error = Some(error);
                    // Not `Interrupted`, which a reader retries.
                    return Err(io::Error::other("reading the trace raised an exception"));
                }
            }
        }
        let n = out.len().min(self.buffer.len() - self.at);
        out[..n].copy_from_slice(&self.buffer[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// `check(chunks, *, board, heuristic="manhattan", goal="blank-last", order=None)`: the
/// verdict on the trace whose bytes `chunks` (an iterable of `bytes`) yields, as
/// `tilesearch check --board BOARD` gives it. `tilesearch.check` turns a path, a file, a
/// string or an iterable of events into such chunks.
#[pyfunction]
#[pyo3(signature = (chunks, *, board, heuristic="manhattan", goal="blank-last", order=None))]
pub fn check(
    py: Python<'_>,
    chunks: &Bound<'_, PyAny>,
    board: &Bound<'_, PyAny>,
    heuristic: &str,
    goal: &str,
    order: Option<&str>,
) -> PyResult<Verdict> {
    let heuristic: HeuristicKind = named(py, heuristic)?;
    let goal: Goal = named(py, goal)?;
    let order = order.map(|o| named::<MoveOrder>(py, o)).transpose()?;
    let start: CoreBoard = super::board::board_arg(py, board)?;
    // As the CLI: a solvable board before any pattern database is loaded for it.
    start.check_solvable(goal).map_err(|e| core_error(py, &e))?;
    let heuristic = heuristic_for(py, heuristic, &start, goal)?;
    let checker = Checker::new(start, goal, heuristic, order).map_err(|e| core_error(py, &e))?;
    let mut reader = Chunks {
        chunks: chunks.try_iter()?.unbind(),
        buffer: Vec::new(),
        at: 0,
        error: None,
    };
    let verdict = guarded(py, || Ok(py.detach(|| checker.check_input(&mut reader))))?;
    match verdict {
        Ok(verdict) => {
            let mut text = Vec::new();
            print_verdict(&verdict, &mut text)
                .map_err(|e| raise(py, "internal", &format!("cannot print the verdict: {e}")))?;
            let json = serde_json::to_value(&verdict)
                .map_err(|e| raise(py, "internal", &format!("cannot serialise: {e}")))?;
            Ok(Verdict {
                json,
                text: String::from_utf8_lossy(&text).trim_end().to_string(),
            })
        }
        Err(CheckInputError::Unreadable(error)) => Err(reader
            .error
            .take()
            .unwrap_or_else(|| raise(py, "internal", &format!("cannot read the trace: {error}")))),
        Err(error @ CheckInputError::Empty) => Err(raise(py, "empty-trace", &error.to_string())),
    }
}

/// The checker's verdict: `ok`, or the first divergence by line and kind, with the object
/// `tilesearch check --json` prints (`to_dict()`) and the text it prints (`str()`).
#[pyclass(module = "tilesearch", name = "Verdict", frozen)]
pub struct Verdict {
    json: Value,
    text: String,
}

impl Verdict {
    fn field<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, self.json.get(name).unwrap_or(&Value::Null))
    }
}

#[pymethods]
impl Verdict {
    /// Whether the trace is correct IDA*, to the end.
    #[getter]
    fn ok(&self) -> bool {
        self.json.get("ok") == Some(&Value::Bool(true))
    }

    /// The 1-based line of the first divergence (`None` when correct or truncated).
    #[getter]
    fn line<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "line")
    }

    /// The kind of mistake (`"reverse-move"`, `"wrong-h"`, …), `None` when correct.
    #[getter]
    fn kind<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "kind")
    }

    /// A sentence for the student.
    #[getter]
    fn message<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "message")
    }

    /// The event IDA* makes there, as a trace line's dict (or `None`).
    #[getter]
    fn expected<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "expected")
    }

    /// The fields read from the student's line (or `None`).
    #[getter]
    fn got<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "got")
    }

    /// How many of the core's events (backtracks included) come before the expected one.
    #[getter]
    fn position<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "position")
    }

    /// The move order followed (given, or inferred from the trace).
    #[getter]
    fn order<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "order")
    }

    /// When correct: `iterations`, `visited`, `pruned`, `length`, `moves`, `order`.
    #[getter]
    fn summary<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "summary")
    }

    /// The diverging line as written (its first 200 characters), or `None`.
    #[getter]
    fn text<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "text")
    }

    /// The last lines that matched: dicts `line`, `got`, `expected`.
    #[getter]
    fn context<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "context")
    }

    /// The object `tilesearch check --json` prints, as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.json)
    }

    /// The line `tilesearch check --json` prints (without its newline).
    fn to_json(&self) -> String {
        self.json.to_string()
    }

    /// What `tilesearch check` prints: `ok: …`, or the line, kind, sentence and both events.
    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let field =
            |name: &str| -> PyResult<String> { Ok(self.field(py, name)?.repr()?.to_string()) };
        Ok(if self.ok() {
            format!("Verdict(ok=True, message={})", field("message")?)
        } else {
            format!(
                "Verdict(ok=False, line={}, kind={}, message={})",
                field("line")?,
                field("kind")?,
                field("message")?
            )
        })
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Verdict>()
            .is_ok_and(|other| other.get().json == self.json)
    }
}
