"""The headless state of a net of breakable links: what the cloth, the flag and the bridge report."""


def graph_state(particles, links, nails, torn):
    """`points` [[x, y, nailed]] of `particles`, the live `links` [[i, j, rest]] by point index,
    and `torn`, the links broken so far; `nails` holds the ids of the nailed points."""
    index = {id(p): i for i, p in enumerate(particles)}
    return {
        "points": [[p.x, p.y, id(p) in nails] for p in particles],
        "links": [[index[id(k.a)], index[id(k.b)], k.rest] for k in links],
        "torn": torn,
    }
