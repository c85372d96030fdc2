"""How long a spider game lasts for three players (issue 34 item 10): idle, random, careful.

`python -m benchmarks.spider_survival [first] [last]` plays one game per seed (0-11 by default)
for each of: no input at all (idle), `tests.support.spider_players.RandomPlayer` (a new player pressing
and clicking at random) and the careful `Bot` (rescuing after half a second), each to its game
over or 300 s, and prints the median seconds survived, the median score and how the games
ended. Doing nothing must not be the best way to last: the idle median must stay clearly below
the random one (tests/spider/test_idle.py checks three seeds).
"""

import statistics
import sys
from collections import Counter

from tests.support.spider import survival

PLAYERS = ("idle", "random", "bot")


def measure(seeds):
    """{player: [(seconds, score, cause), ...]} over `seeds`."""
    return {player: [survival(seed, player) for seed in seeds] for player in PLAYERS}


def main(argv):
    first, last = (int(argv[0]), int(argv[1])) if len(argv) == 2 else (0, 11)
    results = measure(range(first, last + 1))
    for player, games in results.items():
        seconds = statistics.median(g[0] for g in games)
        score = statistics.median(g[1] for g in games)
        causes = Counter(g[2] or "playing at 300 s" for g in games)
        print(f"{player:7s} median {seconds:6.1f} s  score {score:5.1f}  "
              + ", ".join(f"{n} {cause}" for cause, n in causes.most_common()))


if __name__ == "__main__":
    main(sys.argv[1:])
