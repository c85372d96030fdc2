"""What hangs on a pin and what is joined to what: the same answers read from the link list or
from each particle's own links, kept per version and worked out again when the owner says the
links changed."""

from verlet import Connectivity, Distance, Particle, SleepingParticle, anchored, reach
from verlet import tearing


def two_pieces(kind=Particle):
    """A pinned chain 0-1-2 and a free pair 3-4, and a lone particle 5."""
    points = [kind(10.0 * i, 0.0, pinned=(i == 0)) for i in range(6)]
    links = [Distance(points[0], points[1]), Distance(points[1], points[2]),
             Distance(points[3], points[4])]
    if kind is SleepingParticle:
        for link in links:
            link.a.links.append(link)
            link.b.links.append(link)
    return points, links


def test_anchored_keeps_its_old_address():
    assert tearing.anchored is anchored


def test_the_anchored_set_and_the_loose_particles():
    points, links = two_pieces()
    held = Connectivity(points, links)
    assert held.anchored() == {id(points[0]), id(points[1]), id(points[2])}
    assert held.loose() == points[3:]
    assert held.hangs(points[2]) and not held.hangs(points[4])


def test_own_links_give_the_same_answers_as_the_link_list():
    points, links = two_pieces(SleepingParticle)
    from_list = Connectivity(points, links)
    from_particles = Connectivity(points, links, lambda p: p.links)
    assert from_list.anchored() == from_particles.anchored()
    assert from_list.loose() == from_particles.loose()
    for p in points:
        assert from_list.component(p) == from_particles.component(p)
        assert from_list.component_links(p) == from_particles.component_links(p)


def test_components_are_breadth_first_and_their_links_in_list_order():
    points, links = two_pieces()
    held = Connectivity(points, links)
    assert held.component(points[1]) == [points[1], points[0], points[2]]
    assert held.component_links(points[2]) == links[:2]
    assert held.component_links(points[5]) == []
    order, seen = reach([points[4]], lambda p: [k for k in links if p in (k.a, k.b)])
    assert order == [points[4], points[3]] and seen == {id(points[3]), id(points[4])}


def test_answers_are_kept_until_the_owner_says_the_links_changed():
    points, links = two_pieces()
    held = Connectivity(points, links)
    assert held.hangs(points[2])
    del links[1]  # cut 1-2, not told yet: the kept answer stands
    assert held.hangs(points[2])
    held.relinked()
    assert not held.hangs(points[2]) and held.loose() == [points[2], points[3], points[4],
                                                          points[5]]
    points[3].pinned = True
    held.relinked()
    assert held.hangs(points[4])
    assert held.component_links(points[3]) == [links[1]]
