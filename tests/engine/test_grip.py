"""The hand's grip (`verlet.grip`) and pace: what is held slips when the body is pulled too
far, holds on through a yank, and follows a leaping hand only so fast."""

from math import hypot

from verlet import Distance, Grip, Hand, World, chain


def rope(hand_options):
    world = World(gravity=(0.0, 0.0), damping=1.0, iterations=20)
    points, _ = chain(world, (0.0, 0.0), (10.0, 0.0), 4, 10.0)  # pinned at (0, 0), 40 px long
    return world, points, Hand(world, 5.0, **hand_options)


def pull(world, hand, points, to, frames):
    """Hold the free end and move the hand to `to` over `frames` frames; the frame it slipped
    (None if it held)."""
    hand.grab_nearest(points, (points[-1].x, points[-1].y))
    x0, y0 = points[-1].x, points[-1].y
    for frame in range(frames):
        share = (frame + 1) / frames
        hand.move((x0 + (to[0] - x0) * share, y0 + (to[1] - y0) * share))
        world.step()
        if hand.slip():
            return frame
    return None


def test_a_chain_pulled_past_its_reach_slips_and_one_pulled_within_it_holds():
    world, points, hand = rope({"grip": Grip(1.1, whole=True)})
    assert pull(world, hand, points, (38.0, 0.0), 10) is None and hand.point is points[-1]
    hand.let_go()
    world, points, hand = rope({"grip": Grip(1.1, whole=True)})
    slipped = pull(world, hand, points, (80.0, 0.0), 20)
    assert slipped is not None and hand.point is None and not points[-1].pinned
    links = [c for c in world.constraints if isinstance(c, Distance)]
    assert max(c.length() / c.rest for c in links) < 1.2


def test_watching_only_the_links_at_the_hand_misses_a_pull_along_the_chain():
    """Gauss-Seidel leaves the link at a pinned point exact: the stretch is up the chain."""
    world, points, hand = rope({"grip": Grip(1.1)})
    assert pull(world, hand, points, (80.0, 0.0), 20) is None


def test_a_yank_holds_on_and_a_slow_pull_slips():
    world, points, hand = rope({"grip": Grip(1.1, yank=8.0, whole=True)})
    assert pull(world, hand, points, (80.0, 0.0), 4) is None  # 10 px a frame: a yank
    world, points, hand = rope({"grip": Grip(1.1, yank=8.0, whole=True)})
    assert pull(world, hand, points, (80.0, 0.0), 20) is not None  # 2 px a frame


def test_a_base_function_says_what_too_far_is():
    world, points, hand = rope({"grip": Grip(1.1, whole=True, base=doubled_rest)})
    assert pull(world, hand, points, (60.0, 0.0), 20) is None  # 1.5x: within twice the rest


def doubled_rest(link):
    return 2.0 * link.rest


def test_a_held_point_follows_a_leaping_hand_at_its_pace():
    world, points, hand = rope({"pace": 3.0})
    end = points[-1]
    hand.grab_nearest(points, (end.x, end.y))
    hand.move((end.x, end.y + 30.0))
    start = (end.x, end.y)
    world.step()
    assert hypot(end.x - start[0], end.y - start[1]) <= 3.0 + 1e-9
