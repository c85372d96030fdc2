"""The benchmarks (`./build.sh bench`): engine overhead, scaling, scene frame times,
Pyodide-in-Chromium step times, the frame budget and allocation growth. Never pass/fail tests.
"""
