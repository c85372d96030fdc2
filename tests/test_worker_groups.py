"""The test groups hold under pytest-xdist: `./build.sh test` runs the tests on every core with
`--dist loadgroup`, and tests/conftest.py puts the tests that read or write build/web (every
browser test) in one group, so no worker serves a build another is rewriting. The group is only
a mark: if pytest or pytest-xdist stops reading it (pytest 9 with pytest-xdist 3.8 did), the
tests spread over the workers again without a word. This runs two tests of that group in two
workers and asks where they ran."""

import re
import subprocess
import sys

GROUPED = "tests/browser/test_browser_skip_rule.py"
"""Two quick tests of the web build's group (tests/browser/), neither opening a browser."""


def test_the_web_build_s_tests_run_in_one_worker(repo_root):
    done = subprocess.run([sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup", "-v",
                           "-p", "no:cacheprovider", GROUPED], cwd=repo_root, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-2000:]
    ran = re.findall(r"^\[(gw\d+)\].*PASSED (.+?) *$", done.stdout, re.MULTILINE)
    assert len(ran) == 2, done.stdout[-2000:]
    assert len({worker for worker, _ in ran}) == 1, f"the group was split over workers: {ran}"
    assert all(nodeid.endswith("@the web build") for _, nodeid in ran), ran
