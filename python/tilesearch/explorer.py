"""The explorer as a Jupyter widget: ``tilesearch.Explorer``.

The same ``<tile-search>`` element as on a web page (IDA* and the lecture's graph searches on the
8-, 15- and 24-puzzle, step by step), shown in JupyterLab, Notebook 7 or VS Code through
anywidget. The element, its WebAssembly core and its worker are bundled in
``static/widget.js`` (built by ``scripts/build-widget.mjs``), so a notebook works offline.

Every attribute of the element is a trait, synced both ways: setting ``w.board`` from Python
resets the widget, stepping in the page updates ``w.position``, and the board field, the speed
slider and the Predict switch in the page update ``w.board``, ``w.speed`` and ``w.mode``. The
attributes and the values each one takes come from the element's own table
(``static/attributes.json``, generated from ``www/model/attributes.js`` and the core's lists),
so a value the element would refuse raises a ``traitlets.TraitError`` here instead.

This module needs only anywidget and traitlets: it never imports the native core.
"""

from __future__ import annotations

import json
import math
import pathlib
import re
import traceback
from typing import Any, Callable

import anywidget
import traitlets

__all__ = ["Explorer"]

_STATIC = pathlib.Path(__file__).with_name("static")
_ESM = _STATIC / "widget.js"
_ATTRIBUTES = _STATIC / "attributes.json"


def _read_attributes() -> list[dict[str, Any]]:
    """The element's attribute table as scripts/build-widget.mjs wrote it."""
    if not _ESM.is_file() or not _ATTRIBUTES.is_file():
        raise ImportError(
            f"tilesearch.Explorer needs its front end in {_STATIC}, which is built, not "
            "committed: run `make build` in the repository (or `node scripts/build-dist.mjs "
            "&& node scripts/build-widget.mjs` after it built www/pkg)"
        )
    return json.loads(_ATTRIBUTES.read_text(encoding="utf-8"))["attributes"]


class _Board(traitlets.TraitType):
    """The board as text (the CLI's forms), or a sequence of whole numbers, kept as text.

    Whether the board is valid and solvable is the core's to say: the widget shows its
    message and ``state["error"]`` holds it.
    """

    info_text = "a board as text (e.g. '6 4 5 8 2 7 1 0 3') or a sequence of whole numbers"

    def validate(self, obj: Any, value: Any) -> str:
        """The board's text: a non-empty string as it is, whole numbers joined by spaces."""
        if isinstance(value, str):
            if value.strip():
                return value
        elif isinstance(value, (list, tuple)) and value:
            if all(isinstance(tile, int) and not isinstance(tile, bool) for tile in value):
                return " ".join(str(tile) for tile in value)
        self.error(obj, value)


class _Speed(traitlets.TraitType):
    """Events per second within the element's bounds, or ``"max"`` (``math.inf`` too): full speed."""

    def __init__(self, low: float, high: float, words: list[str], **kwargs: Any) -> None:
        """``low`` to ``high`` events per second, or one of ``words`` (the first is the one kept)."""
        self.low, self.high, self.words = low, high, words
        self.info_text = f"a number of events per second from {low:g} to {high:g}, or {' or '.join(map(repr, words))}"
        super().__init__(**kwargs)

    def validate(self, obj: Any, value: Any) -> int | float | str:
        """A speed as the element's attribute takes it: a number, or the word for full speed."""
        if value in self.words or value == math.inf:
            return self.words[0]
        if isinstance(value, (int, float)) and not isinstance(value, bool) and self.low <= value <= self.high:
            return int(value) if float(value).is_integer() else float(value)
        self.error(obj, value)


class _Tokens(traitlets.TraitType):
    """Space-separated words of a list (``view``, ``controls``), or a sequence of them; None: all."""

    def __init__(self, values: list[str], alone: list[str], **kwargs: Any) -> None:
        """Any of ``values``, or one word of ``alone`` by itself (``controls="none"``)."""
        self.values, self.alone = values, alone
        words = " ".join(values)
        self.info_text = f"any of {words}" + (f", or {' or '.join(alone)}" if alone else "") + " (a string or a list), or None for all"
        super().__init__(default_value=None, allow_none=True, **kwargs)

    def validate(self, obj: Any, value: Any) -> str | None:
        """The words as the attribute's text, in the table's order; None stays None (all)."""
        if value is None:
            return None
        words = value.split() if isinstance(value, str) else list(value) if isinstance(value, (list, tuple, set, frozenset)) else None
        if words is not None and len(words) == 1 and words[0] in self.alone:
            return words[0]
        if words and all(isinstance(word, str) and word in self.values for word in words):
            # In the table's order: a set has none of its own.
            return " ".join(word for word in self.values if word in words)
        self.error(obj, value)


# The CSS functions that make a length (the browser's CSS.supports decides those in the page;
# the plain lengths come with the attribute, from attributes.js's LENGTH).
_LENGTH_FUNCTION = re.compile(r"^(calc|min|max|clamp|var)\(.*\)$", re.IGNORECASE)


class _Length(traitlets.TraitType):
    """A fixed height: a number of pixels or a CSS length (``"24rem"``); None: the content's height."""

    info_text = "a number of pixels (360) or a CSS length ('24rem'), or None"

    def __init__(self, pattern: str, **kwargs: Any) -> None:
        """No fixed height by default; ``pattern``: the plain lengths the element takes."""
        self.length = re.compile(pattern, re.IGNORECASE)
        super().__init__(default_value=None, allow_none=True, **kwargs)

    def validate(self, obj: Any, value: Any) -> str | None:
        """The height as the attribute's text (a bare number is pixels); None stays None."""
        if value is None:
            return None
        if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and value >= 0:
            return str(int(value)) if float(value).is_integer() else repr(float(value))
        if isinstance(value, str):
            text = value.strip()
            if re.fullmatch(r"\d+(\.\d+)?", text) or self.length.match(text) or _LENGTH_FUNCTION.match(text):
                return text
        self.error(obj, value)


def _trait(spec: dict[str, Any]) -> traitlets.TraitType:
    """The synced trait of one attribute, validated with the values the element takes."""
    kind, default, values, doc = spec["type"], spec["default"], spec["values"], spec["doc"]
    if kind == "boolean":
        trait: traitlets.TraitType = traitlets.Bool(bool(default))
    elif kind == "position":
        trait = traitlets.Int(default, min=0)
    elif kind == "speed":
        trait = _Speed(spec["min"], spec["max"], spec["words"], default_value=default)
    elif kind == "tokens":
        trait = _Tokens(values, spec.get("alone", []))
    elif kind == "length":
        trait = _Length(spec["pattern"])
    elif values is not None:
        trait = traitlets.Enum(values, default_value=default, allow_none=default is None)
    elif spec["name"] == "board":
        trait = _Board(default)
    elif "min" in spec:
        trait = traitlets.Int(default, min=spec["min"], max=spec["max"], allow_none=True)
    else:
        trait = traitlets.Unicode(default, allow_none=default is None)
    trait.help = f"{doc} (attribute {spec['name']})"
    return trait.tag(sync=True)


_SPECS = _read_attributes()

# The traits are made from the table, so they live on a base class made at import.
_ExplorerAttributes = type(anywidget.AnyWidget)(
    "_ExplorerAttributes",
    (anywidget.AnyWidget,),
    {"__module__": __name__, **{spec["trait"]: _trait(spec) for spec in _SPECS}},
)


class Explorer(_ExplorerAttributes):  # type: ignore[misc, valid-type]
    """The ``<tile-search>`` explorer as a notebook widget.

    ``Explorer(board="6 4 5 8 2 7 1 0 3", heuristic="manhattan", mode="predict", view="board tree")``
    shows the element with those attributes; display it as the last expression of a cell (or
    with ``display(w)``). The keyword arguments are the element's attributes, in Python spelling
    (``max_reached`` for ``max-reached``): ``board``, ``heuristic``, ``goal``, ``algorithm``,
    ``order``, ``max_reached``, ``speed``, ``autoplay``, ``loop``, ``view``, ``controls``,
    ``height``, ``caption``, ``theme``, ``position``, ``mode`` (``Explorer.attribute_names``).
    Each is a trait synced both ways; a value the element does not take raises
    ``traitlets.TraitError``, an unknown keyword ``TypeError``. Board and options are checked by the
    core in the page: a board it cannot search shows its message, and ``state["error"]`` has it.

    ``position`` (events shown) follows the page: Step, Run, Step back there move it, and
    setting it shows that moment. ``state`` is read-only, the element's ``state``: ``status``
    (``ready``, ``running``, ``paused``, ``solved``, ``gaveup``, ``error``), ``threshold``,
    ``iteration``, ``expanded``, ``generated``, ``position``, ``lastEvent``, ``solution``,
    ``error``, ``tree``, ``mode``, ``score`` (predict mode: ``asked``, ``correct``, ``streak``,
    ``bestStreak``), ``order``; it is ``{}`` until a view has loaded.

    ``step()``, ``run()``, ``pause()``, ``reset()``, ``step_back()``, ``next_iteration()`` and
    ``solve()`` act on every view shown (nothing happens while none is). ``on_solved(fn)`` and
    ``on_answer(fn)`` call ``fn`` with the element's ``solved`` and ``answer`` events.

    Several widgets in one notebook share the page's compiled core and pool of workers.
    """

    _esm = _ESM

    # Only the page sets it: no echo of each update back to the page.
    state = traitlets.Dict(read_only=True, help="the element's state, as the page last reported it").tag(sync=True, echo_update=False)

    #: The element's attributes, in Python spelling, in the element's table order.
    attribute_names: tuple[str, ...] = tuple(spec["trait"] for spec in _SPECS)

    def __init__(self, **kwargs: Any) -> None:
        """Makes the widget; the keyword arguments are the element's attributes (see the class)."""
        # A misspelt attribute would otherwise be dropped with a warning; ipywidgets' own traits
        # (layout, tooltip, …) are taken as they are.
        unknown = sorted(set(kwargs) - set(self.class_trait_names()))
        if unknown:
            raise TypeError(
                f"Explorer() got unknown keyword argument{'s' if len(unknown) > 1 else ''} "
                f"{', '.join(map(repr, unknown))}; it takes {', '.join(self.attribute_names)}"
            )
        super().__init__(**kwargs)
        self._callbacks: dict[str, list[Callable[[dict[str, Any]], Any]]] = {"solved": [], "answer": []}
        self.on_msg(self._on_page_message)

    # --- the element's methods ------------------------------------------------------------

    def _call(self, method: str) -> None:
        """Asks every view to call the element's ``method``."""
        self.send({"type": "call", "method": method})

    def step(self) -> None:
        """Shows one more event (in predict mode: asks the next question, or shows the event)."""
        self._call("step")

    def run(self) -> None:
        """Runs at ``speed`` (``"max"``: full speed, in the page's worker) until the solution or ``pause()``."""
        self._call("play")

    def pause(self) -> None:
        """Pauses a run."""
        self._call("pause")

    def reset(self) -> None:
        """Back to the start, before the first event (the predict-mode score is kept)."""
        self._call("reset")

    def step_back(self) -> None:
        """Back one event."""
        self._call("stepBack")

    def next_iteration(self) -> None:
        """Runs to the end of the current IDA* iteration (its raise) or to the solution."""
        self._call("nextIteration")

    def solve(self) -> None:
        """Solve now: IDA* on every core of the page's pool, shown as the solved state."""
        self._call("solve")

    # --- callbacks ------------------------------------------------------------------------

    def on_solved(self, callback: Callable[[dict[str, Any]], Any], remove: bool = False) -> None:
        """Calls ``callback(detail)`` when the search is solved in the page.

        ``detail`` is the element's ``solved`` event's: ``{"length", "moves", "expanded",
        "generated"}``; ``w.state`` and ``w.position`` already show that moment. With
        ``remove=True``, unregisters ``callback``.
        """
        self._register("solved", callback, remove)

    def on_answer(self, callback: Callable[[dict[str, Any]], Any], remove: bool = False) -> None:
        """Calls ``callback(detail)`` for each answer given in predict mode.

        ``detail`` is the element's ``answer`` event's: ``{"kind", "given", "correct",
        "expected", "explanation"}``, with ``"score"`` (``{"asked", "correct", "streak",
        "bestStreak"}``) after that answer. With ``remove=True``, unregisters ``callback``.
        """
        self._register("answer", callback, remove)

    def _register(self, event: str, callback: Callable[[dict[str, Any]], Any], remove: bool) -> None:
        """Adds ``callback`` for ``event`` once, or removes it."""
        if not callable(callback):
            raise TypeError(f"on_{event} takes a function, not {type(callback).__name__}")
        callbacks = self._callbacks[event]
        if remove:
            if callback in callbacks:
                callbacks.remove(callback)
        elif callback not in callbacks:
            callbacks.append(callback)

    def _on_page_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """An event from the page: the callbacks registered for it, each whatever the others do."""
        if not isinstance(content, dict) or content.get("type") != "event":
            return
        for callback in list(self._callbacks.get(content.get("name"), ())):
            try:
                callback(content.get("detail"))
            except Exception:  # noqa: BLE001 -- shown as ipywidgets shows its callbacks' errors
                traceback.print_exc()
