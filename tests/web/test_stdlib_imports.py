"""The standard modules the build compiles are the ones the page may import.

tools/stdlib_imports.py reads imports statically (the build runs it in Pyodide, for 3.14's
syntax; these sources are plain enough for any Python). A module it misses is not in the page's
archive, an ImportError (e2e/test_modules.py catches that on the real page); one it adds for
nothing is shipped as bytecode. These cases are the standard library's own patterns.
"""

from __future__ import annotations

import io
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import stdlib_imports  # noqa: E402
from stdlib_imports import imports_in  # noqa: E402


def archive(modules: dict[str, str]) -> zipfile.ZipFile:
    """A standard library of these sources, by path."""
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as zf:
        for path, text in modules.items():
            zf.writestr(path, text)
    return zipfile.ZipFile(data)


def test_our_imports_count_wherever_they_are_written() -> None:
    """A function's import in our code runs when the page needs it: it counts."""
    source = "import json\ndef later():\n    from html import escape\n"
    assert {"json", "html", "html.escape"} <= imports_in(source)


def test_a_standard_modules_function_imports_do_not_count() -> None:
    """Only what runs on import: ``heapq``'s doctest import under ``__main__`` and a function's
    import would drag in large modules the page never loads."""
    source = ("import abc\nclass A:\n    import enum\n"
              "def f():\n    import pdb\n"
              "if __name__ == '__main__':\n    import doctest\n"
              "try:\n    import _json\nexcept ImportError:\n    pass\n")
    assert imports_in(source, everywhere=False) == {"abc", "enum", "_json"}


def test_branches_for_another_platform_do_not_count() -> None:
    """The page's Python is Emscripten and POSIX: ``asyncio`` on Windows is not."""
    source = ("import sys, os\n"
              "if sys.platform == 'win32':\n    from .windows_events import *\n"
              "else:\n    from .unix_events import *\n"
              "if sys.platform.startswith('win'):\n    import winreg\n"
              "if os.name != 'nt':\n    import posix\n"
              "if sys.platform in ('win32', 'cygwin'):\n    import _winapi\n")
    found = imports_in(source, "asyncio", package=True, everywhere=False)
    assert {"asyncio.unix_events", "posix"} <= found
    assert not found & {"asyncio.windows_events", "winreg", "_winapi"}


def test_relative_imports_are_read_from_their_package() -> None:
    assert "email.errors" in imports_in("from . import errors", "email.parser", everywhere=False)
    assert "email.mime.base" in imports_in("from .base import X", "email.mime",
                                           package=True, everywhere=False)
    assert "json.decoder" in imports_in("from .decoder import JSONDecoder", "json.scanner",
                                        everywhere=False)


def test_the_search_follows_the_standard_library_from_the_pages_main() -> None:
    stdlib = archive({
        "json/__init__.py": "from .decoder import JSONDecoder\n",
        "json/decoder.py": "import re\ndef slow():\n    import pdb\n",
        "re.py": "", "pdb.py": "", "unused.py": "", "main.py": "",
        "encodings/__init__.py": "", "site.py": "", "_pyodide/__init__.py": "",
        "pyodide/__init__.py": ""})
    ours = {"main.py": "import helper\n", "helper.py": "def later():\n    import json\n"}
    found = stdlib_imports.used(stdlib, ours)
    assert {"json/__init__.py", "json/decoder.py", "re.py"} <= set(found)
    assert not {"pdb.py", "unused.py", "main.py"} & set(found)  # main.py here is ours
    assert {"encodings/__init__.py", "_pyodide/__init__.py"} <= set(found)


def test_frozen_modules_are_not_compiled_again() -> None:
    """``os`` is frozen into Python itself: its source in the archive is never read, so its
    bytecode would be bytes for nothing (its own imports still count)."""
    stdlib = archive({"os.py": "import stat\n", "stat.py": "import _stat_helper\n",
                      "_stat_helper.py": ""})
    found = stdlib_imports.used(stdlib, {"main.py": "import os\n"})
    assert "os.py" not in found and "stat.py" not in found
    assert "_stat_helper.py" in found


def test_the_standard_librarys_lazy_imports_the_page_reaches_are_listed() -> None:
    """``ast.unparse`` imports its module in the function (annotationlib calls it): listed in
    ``LAZY``, it is shipped though no import of it runs when ``ast`` is imported."""
    stdlib = archive({"ast.py": "def unparse(node):\n    from _ast_unparse import Unparser\n",
                      "_ast_unparse.py": "", "pdb.py": ""})
    found = stdlib_imports.used(stdlib, {"main.py": "import ast\n"})
    assert {"ast.py", "_ast_unparse.py"} <= set(found)
    assert "_ast_unparse" in stdlib_imports.LAZY
