"""The engine-overhead benchmark compares like with like.

`benchmarks/cloth.py` times a cloth in `verlet` against a hand-written loop and claims both do
the same maths; this keeps the claim true: on a small cloth both end at the same positions to
the bit, and the cloth really moved (gravity against pinned top row).
"""

from benchmarks.cloth import MinimalCloth, engine_cloth, engine_positions, run_both, start_positions


def test_engine_and_minimal_loop_reach_identical_positions():
    engine, minimal = run_both(frames=40, columns=6, rows=5, iterations=4)
    assert engine == minimal
    start = start_positions(6, 5)
    assert engine[:6] == start[:6], "the top row is pinned"
    assert max(abs(y - y0) for (_, y), (_, y0) in zip(engine[6:], start[6:])) > 0.1


def test_minimal_loop_diverges_when_the_maths_differs():
    world, bare = engine_cloth(5, 4, 3), MinimalCloth(5, 4, 3)
    world.iterations = 2  # one pass fewer on the engine side must show
    for _ in range(10):
        world.step()
        bare.step()
    assert engine_positions(world) != bare.positions()
