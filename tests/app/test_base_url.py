"""The site's address is set once (app.base_url): pyproject.toml's [tool.verlet-playground]
base_url, or --base-url for one build; a bad value is one clear line, never a traceback."""

import pytest

from app import base_url


def config(tmp_path, text):
    path = tmp_path / "pyproject.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_project_s_address_is_read_and_ends_in_one_slash(tmp_path):
    path = config(tmp_path, '[tool.verlet-playground]\nbase_url = "https://example.org/verlet//"\n')
    assert base_url.configured(path) == "https://example.org/verlet/"
    assert base_url.resolve(None, path) == "https://example.org/verlet/"
    assert base_url.resolve("http://127.0.0.1:8000", path) == "http://127.0.0.1:8000/"  # --base-url wins


@pytest.mark.parametrize("text", ["", "[tool.verlet-playground]\n", '[tool.verlet-playground]\nbase_url = "  "\n'])
def test_no_address_is_none(tmp_path, text):
    assert base_url.configured(config(tmp_path, text)) is None
    assert base_url.configured(tmp_path / "absent.toml") is None


@pytest.mark.parametrize("text, words", [
    ('[tool.verlet-playground]\nbase_url = "example.org"\n', "must be an http(s) address"),
    ('[tool.verlet-playground]\nbase_url = "https://x.org/?a=1"\n', "must be an http(s) address"),
    ("[tool.verlet-playground]\nbase_url = 3\n", "must be a string"),
    ("[tool.verlet-playground\n", "cannot be read"),
])
def test_a_bad_address_is_one_line_naming_the_setting(tmp_path, text, words):
    with pytest.raises(ValueError) as error:
        base_url.configured(config(tmp_path, text))
    assert words in str(error.value) and "\n" not in str(error.value)


def test_the_checkout_sets_none_so_the_build_says_so():
    assert base_url.configured() is None  # pyproject.toml ships base_url = "" (see web.site)
