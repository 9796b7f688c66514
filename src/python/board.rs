//! `Board` and `parse_board`: a board read as the CLI reads it.

use super::{core_error, named};
use crate::board::{Board as CoreBoard, Goal};
use crate::exercise::rows;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

/// A valid sliding-tile board (3×3, 4×4 or 5×5), immutable and hashable.
#[pyclass(module = "tilesearch", name = "Board", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board(pub(crate) CoreBoard);

/// The board an argument names: a `Board`, a string typed as the CLI takes it, or a sequence
/// of whole numbers in row-major order (0 for the blank).
pub(crate) fn board_arg(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<CoreBoard> {
    if let Ok(board) = value.cast::<Board>() {
        return Ok(board.get().0);
    }
    if let Ok(text) = value.cast::<PyString>() {
        let text: String = text.extract()?;
        return CoreBoard::parse(&text).map_err(|e| core_error(py, &e));
    }
    match value.extract::<Vec<i64>>() {
        Ok(numbers) => CoreBoard::from_numbers(&numbers).map_err(|e| core_error(py, &e)),
        Err(_) => Err(PyTypeError::new_err(format!(
            "a board is a Board, a string such as \"1 2 3 / 4 0 6 / 7 5 8\" or a sequence of \
             whole numbers (0 for the blank), got {}",
            value
                .get_type()
                .name()
                .map_or_else(|_| "another type".into(), |n| n.to_string())
        ))),
    }
}

/// `parse_board(text)`: the board typed as the CLI takes it (`"6 4 5 / 8 2 7 / 1 0 3"`,
/// `"6,4,5,8,2,7,1,0,3"`, rows on lines, `_` for the blank, the lecture's grid); raises
/// `InvalidBoard` with the core's message.
#[pyfunction]
pub fn parse_board(py: Python<'_>, text: &str) -> PyResult<Board> {
    CoreBoard::parse(text)
        .map(Board)
        .map_err(|e| core_error(py, &e))
}

#[pymethods]
impl Board {
    /// `Board(tiles)`: from text as `parse_board` reads it, or a sequence of whole numbers.
    #[new]
    fn new(py: Python<'_>, tiles: &Bound<'_, PyAny>) -> PyResult<Board> {
        board_arg(py, tiles).map(Board)
    }

    /// The tiles in row-major order, 0 for the blank.
    #[getter]
    fn tiles<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.0.tiles())
    }

    /// The width: 3, 4 or 5.
    #[getter]
    fn width(&self) -> usize {
        self.0.width()
    }

    /// The blank's cell (row-major index).
    #[getter]
    fn blank(&self) -> usize {
        self.0.blank()
    }

    /// The tiles on one line (`"6 4 5 8 2 7 1 0 3"`), the CLI's input format.
    fn to_line(&self) -> String {
        self.0.to_line()
    }

    /// Whether this is the goal (`"blank-last"` or `"blank-first"`).
    #[pyo3(signature = (goal = "blank-last"))]
    fn is_goal(&self, py: Python<'_>, goal: &str) -> PyResult<bool> {
        Ok(self.0.is_goal(named::<Goal>(py, goal)?))
    }

    /// Whether the goal can be reached from this board (the parity rule).
    #[pyo3(signature = (goal = "blank-last"))]
    fn is_solvable(&self, py: Python<'_>, goal: &str) -> PyResult<bool> {
        Ok(self.0.check_solvable(named::<Goal>(py, goal)?).is_ok())
    }

    /// Raises `Unsolvable` (with the parity explanation) when the goal cannot be reached.
    #[pyo3(signature = (goal = "blank-last"))]
    fn check_solvable(&self, py: Python<'_>, goal: &str) -> PyResult<()> {
        self.0
            .check_solvable(named::<Goal>(py, goal)?)
            .map_err(|e| core_error(py, &e))
    }

    /// The board after sliding `tile` into the blank; raises `IllegalMove` when it is not next
    /// to the blank.
    fn slide(&self, py: Python<'_>, tile: u8) -> PyResult<Board> {
        let mut board = self.0;
        board.slide(tile).map_err(|e| core_error(py, &e))?;
        Ok(Board(board))
    }

    /// The board after sliding `moves` (tiles) in order.
    fn after(&self, py: Python<'_>, moves: Vec<u8>) -> PyResult<Board> {
        self.0
            .after(&moves)
            .map(Board)
            .map_err(|e| core_error(py, &e))
    }

    fn __repr__(&self) -> String {
        format!("Board('{}')", rows(&self.0))
    }

    /// The lecture's grid: one row per line, the blank as a space.
    fn __str__(&self) -> String {
        self.0.to_string()
    }
}
