"""The package's documentation is true: every example in its docstrings runs, help() lists
every puzzle's own keyword arguments, and the stub names every public function."""

import ast
import doctest
import os
import subprocess

import puzzlec


def test_the_docstring_examples_run():
    result = doctest.testmod(puzzlec, extraglobs={"puzzlec": puzzlec, "subprocess": subprocess},
                             optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 10 and result.failed == 0, result


def test_help_lists_each_puzzles_keywords():
    for p in puzzlec.puzzles():
        assert p["name"] in puzzlec.solve.__doc__
        for key in p["keys"]:
            assert key in puzzlec.solve.__doc__, key


def test_the_stub_names_every_public_function_with_a_docstring():
    stub = os.path.join(os.path.dirname(puzzlec.__file__), "__init__.pyi")
    tree = ast.parse(open(stub).read())
    documented = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef)) and ast.get_docstring(n)}
    assert set(puzzlec.__all__) <= documented, set(puzzlec.__all__) - documented
    assert os.path.exists(os.path.join(os.path.dirname(puzzlec.__file__), "py.typed"))


def test_the_python_page_example_runs():
    readme = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "python.md")
    text = open(readme, encoding="utf-8").read()
    block = text.split("## From Python", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    import json
    parser = doctest.DocTestParser()
    test = parser.get_doctest(block, {"puzzlec": puzzlec, "subprocess": subprocess, "json": json}, "README", readme, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries >= 10, (runner.failures, runner.tries)


def test_the_package_readme_example_runs():
    """python/README.md is the package's page (pyproject's readme); its example runs from
    the checkout's root, as it says."""
    root = os.path.join(os.path.dirname(__file__), "..", "..")
    text = open(os.path.join(root, "python", "README.md"), encoding="utf-8").read()
    block = text.split("```python\n", 1)[1].split("```", 1)[0]
    parser = doctest.DocTestParser()
    test = parser.get_doctest(block, {"puzzlec": puzzlec}, "python/README", "python/README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    here = os.getcwd()
    os.chdir(root)
    try:
        runner.run(test)
    finally:
        os.chdir(here)
    assert runner.failures == 0 and runner.tries >= 5, (runner.failures, runner.tries)
