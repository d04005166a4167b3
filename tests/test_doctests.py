"""Every example in the package's docstrings runs and prints what it says.

A docstring's example is what a student tries first (``help(alphabeta)``);
one that no longer runs, or prints something else, teaches the wrong thing.
Each module of ``aisearch`` is one test here, its examples run by ``doctest``.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import aisearch

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(aisearch.__path__, prefix="aisearch.")
    if not info.name.endswith("__main__")
)


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_of_each_module_run(name):
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in finder.find(module, name):
        runner.run(test, out=lambda text: None)
    failed = runner.summarize(verbose=False).failed
    assert failed == 0, (
        f"{failed} example(s) of {name} print something else: run pytest --doctest-modules {module.__file__}"
    )


def test_there_are_examples_to_run():
    assert len(MODULES) > 50
