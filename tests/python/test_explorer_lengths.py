"""The widget's height takes the lengths the element takes: the plain ones come from the
element's attribute table (attributes.js LENGTH, written into the wheel's attributes.json)."""

from __future__ import annotations

import pytest

traitlets = pytest.importorskip("traitlets")
pytest.importorskip("anywidget")

from tilesearch.explorer import Explorer  # noqa: E402


@pytest.mark.parametrize("value, text", [(300, "300"), (24.5, "24.5"), ("24rem", "24rem"), ("60vh", "60vh"), ("calc(100vh - 2rem)", "calc(100vh - 2rem)"), (None, None)])
def test_heights_the_element_takes(value: object, text: object) -> None:
    assert Explorer(height=value).height == text


@pytest.mark.parametrize("value", ["tall", "24 rem", "-3px", -1, True])
def test_other_heights_are_refused_with_what_it_takes(value: object) -> None:
    with pytest.raises(traitlets.TraitError, match="a number of pixels"):
        Explorer(height=value)
