"""Tests and benchmarks share code only through tests/support or the product.

No module under tests/ or benchmarks/ imports a test module or a conftest (`from tests.app.test_x
import ...`, `from .conftest import ...`): a helper two test files need lives in tests/support/.
Only tests/benchmarks/, which tests the benchmark harness itself, imports `benchmarks`.
Read from the sources with `ast`, so an import inside a function counts too.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def imported_modules(source, package):
    """Every module `source` imports, relative imports resolved against `package` (a tuple)."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else ()
            module = ".".join((*base, *(node.module.split(".") if node.module else ())))
            if node.module is None:  # `from . import x`: x may be a module of the package
                yield from (f"{module}.{alias.name}" for alias in node.names)
            else:
                yield module


def names_a_test_module(module):
    parts = module.split(".")
    return parts[0] == "tests" and len(parts) > 1 and parts[1] != "support"


def imports(folder):
    """(file, module) for every import of every module under `folder`."""
    for path in sorted((ROOT / folder).rglob("*.py")):
        if "__pycache__" not in path.parts:
            package = path.relative_to(ROOT).parts[:-1]
            for module in imported_modules(path.read_text(encoding="utf-8"), package):
                yield path.relative_to(ROOT), module


def test_the_reader_sees_every_kind_of_import():
    text = ("import tests.kit.test_timeline\nfrom .conftest import ROOT\n"
            "def f():\n    from tests.support.spider import run\n    from . import test_cli\n")
    found = list(imported_modules(text, ("tests", "app")))
    assert found == ["tests.kit.test_timeline", "tests.app.conftest", "tests.support.spider",
                     "tests.app.test_cli"]
    assert [names_a_test_module(name) for name in found] == [True, True, False, True]


@pytest.mark.parametrize("folder", ["tests", "benchmarks"])
def test_no_module_imports_a_test_module(folder):
    found = [f"{path}: {module}" for path, module in imports(folder) if names_a_test_module(module)]
    assert found == []


def test_only_the_benchmark_tests_import_the_benchmarks():
    found = [f"{path}: {module}" for path, module in imports("tests")
             if path.parts[1] != "benchmarks" and module.split(".")[0] == "benchmarks"]
    assert found == []
