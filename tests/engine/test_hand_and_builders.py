"""The hand (grab, hold inside the frame, let go with the last move) and the chain and sheet
builders: the numbers each gives, to the bit where it replaces code written by hand."""

from math import hypot

from verlet import Breakable, Distance, Hand, World, chain, sheet


def rope(iterations=8):
    world = World(gravity=(0.0, 0.3), damping=0.985, iterations=iterations)
    points, links = chain(world, (100.0, 50.0), (7.0, 20.0), 10, 21.0)
    return world, points, links


def positions(world):
    return [(p.x, p.y, p.px, p.py) for p in world.particles]


def test_a_chain_is_the_points_and_links_written_by_hand():
    world, points, links = rope()
    plain = World(gravity=(0.0, 0.3), damping=0.985, iterations=8)
    by_hand = [plain.add_particle(100.0 + i * 7.0, 50.0 + i * 20.0, pinned=(i == 0))
               for i in range(11)]
    for a, b in zip(by_hand, by_hand[1:]):
        plain.add(Distance(a, b, 21.0))
    assert positions(world) == positions(plain)
    assert [p.pinned for p in points] == [p.pinned for p in by_hand]
    assert [(k.rest, points.index(k.a), points.index(k.b)) for k in links] == [
        (21.0, i, i + 1) for i in range(10)]
    for _ in range(40):
        world.step()
        plain.step()
    assert positions(world) == positions(plain)


def test_a_chain_without_links_is_only_its_points():
    world = World()
    points, links = chain(world, (0.0, 0.0), (1.5, -2.0), 3, link=None)
    assert links == [] and world.constraints == []
    assert [(p.x, p.y, p.pinned) for p in points] == [
        (0.0, 0.0, True), (1.5, -2.0, False), (3.0, -4.0, False), (4.5, -6.0, False)]


def test_a_sheet_adds_its_points_row_by_row_and_each_points_right_then_lower_link():
    world = World()
    points, right, down = sheet(world, 3, 2, 10.0, (5.0, 7.0), lambda c, r: r == 0 and c != 1,
                                lambda a, b, rest: Breakable(a, b, rest, 1.5))
    assert [(p.x, p.y, p.pinned) for p in points] == [
        (5.0, 7.0, True), (15.0, 7.0, False), (25.0, 7.0, True),
        (5.0, 17.0, False), (15.0, 17.0, False), (25.0, 17.0, False)]
    order = [(points.index(k.a), points.index(k.b)) for k in world.constraints]
    assert order == [(0, 1), (0, 3), (1, 2), (1, 4), (2, 5), (3, 4), (4, 5)]
    assert sorted(right) == [0, 1, 3, 4] and sorted(down) == [0, 1, 2]
    assert all(k.rest == 10.0 and k.limit == 1.5 for k in world.constraints)


def test_the_hand_grabs_the_nearest_point_within_its_radius_and_pins_it():
    world, points, _ = rope()
    hand = Hand(world, 30.0)
    assert hand.grab_nearest(points, (400.0, 400.0)) is None and hand.held == []
    target = points[4]
    got = hand.grab_nearest(points, (target.x + 3.0, target.y - 2.0))
    assert got is target and target.pinned and hand.point is target
    assert hand.let_go() and not target.pinned and hand.at is None
    assert not hand.let_go()


def test_a_point_pinned_before_the_grab_stays_pinned_after_it():
    world, points, _ = rope()
    hand = Hand(world, 30.0)
    assert hand.grab_nearest(points, (101.0, 51.0)) is points[0]
    hand.let_go()
    assert points[0].pinned


def test_the_hand_places_what_it_holds_in_the_frame_and_lets_go_with_the_last_move():
    world, points, _ = rope()
    hand = Hand(world, 30.0)
    held = points[-1]
    hand.grab_nearest(points, (held.x, held.y))
    for x in (300.0, 310.0, 325.0):
        hand.move((x, 200.0))
        world.step()
        assert (held.x, held.y) == (x, 200.0)  # the constraints left the pinned point alone
    hand.let_go()
    assert (held.x - held.px, held.y - held.py) == (15.0, 0.0)
    world.step()
    assert held.x > 325.0  # thrown on to the right


def test_a_held_point_moves_exactly_as_the_rope_placed_it_by_hand_before_its_step():
    world, points, _ = rope()
    plain, plain_points, _ = rope()
    hand = Hand(world, 30.0)
    hand.grab_nearest(points, (points[6].x, points[6].y))
    held = plain_points[6]
    held.pinned = True
    for k in range(30):
        pos = (200.0 + 4.0 * k, 220.0 - 1.5 * k)
        hand.move(pos)
        world.step()
        held.px, held.py = held.x, held.y
        held.x, held.y = pos
        plain.step()
        assert positions(world) == positions(plain)


def test_a_patch_keeps_its_offsets_and_a_leap_leaves_the_hand_at_most_top_speed():
    world = World()
    points, _, _ = sheet(world, 4, 4, 10.0, (0.0, 0.0))
    hand = Hand(world, 12.0, top_speed=5.0)
    assert hand.grab_within(points, (10.0, 10.0), lambda p: p is not points[0])
    grabbed = {id(p) for p, _, _ in hand.held}
    assert grabbed == {id(points[i]) for i in (1, 4, 5, 6, 9)}
    hand.move((110.0, 60.0))
    hand.place()
    for p, dx, dy in hand.held:
        assert (p.x, p.y) == (110.0 + dx, 60.0 + dy)
        assert abs(hypot(p.x - p.px, p.y - p.py) - 5.0) < 1e-9
    hand.place()  # the hand stood still: no speed left
    assert all((p.x, p.y) == (p.px, p.py) for p, _, _ in hand.held)
    hand.let_go()
    assert not any(p.pinned for p in points)


def test_the_hand_runs_before_the_integration_of_its_world():
    world = World(gravity=(0.0, 1.0))
    point = world.add_particle(0.0, 0.0)
    seen = []
    world.on("before_integrate", lambda: seen.append(("before", point.x)))
    hand = Hand(world, 5.0)
    world.on("before_integrate", lambda: seen.append(("after hand", point.x)))
    hand.grab_nearest([point], (1.0, 0.0))
    hand.move((40.0, 0.0))
    world.step()
    assert seen == [("before", 0.0), ("after hand", 40.0)]
    assert (point.x, point.y) == (40.0, 0.0)
