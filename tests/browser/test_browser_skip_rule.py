"""The skip rule of the browser tests: loud skip on a developer box, failure under CI."""

import pytest

from tests.support.browser import unavailable


def test_missing_tool_skips_loudly_without_ci(monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="NO CHROMIUM: .*apt-get install chromium"):
        unavailable("NO CHROMIUM: install with apt-get install chromium")


def test_missing_tool_fails_under_ci(monkeypatch):
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI is set"):
        unavailable("NO PYODIDE: run npm ci")
