#!/usr/bin/env bash
# Gradescope's image set-up: the tilesearch wheel (built with `make python`, copied next to
# this file in the autograder zip) and pytest for test_ida_star.py.
set -euo pipefail
cd /autograder/source
python3 -m pip install --quiet ./tilesearch-*.whl pytest
