"""verlet: position-based physics in plain Python (standard library only).

Particles remember their previous position instead of a velocity (Verlet integration); each
constraint moves them the least distance that satisfies it; a solver repeats that a number of
times per frame. Runs unchanged in CPython, pygbag and Pyodide.

    from verlet import World, Distance
    world = World(gravity=(0, 0.5), damping=0.99)
    top = world.add_particle(100, 20, pinned=True)
    bob = world.add_particle(140, 20)
    world.add(Distance(top, bob))
    world.step()
"""

from .builders import chain, ring, sheet
from .connectivity import Connectivity, anchored, reach
from .constraints import AngleRange, Area, Box, rotate_rigidly
from .distance import Distance
from .forces import TriangleWind
from .grip import Grip
from .hand import Hand
from .particle import Particle, integrate
from .sleeping import Sleeping, SleepingParticle, TapedDistance
from .solver import (gauss_seidel_passes, jacobi_passes, move_now, move_pending,
                     solve_gauss_seidel, solve_jacobi)
from .spacing import Spacer, cap_speed, push_apart, tethers
from .strand import Strand
from .tearing import Breakable, cut_links, snap_overstretched
from .world import PHASE_HOOKS, World

__all__ = [
    "PHASE_HOOKS", "AngleRange", "Area", "Box", "Breakable", "Connectivity", "Distance", "Grip",
    "Hand",
    "Particle", "Sleeping", "SleepingParticle", "Spacer", "Strand", "TapedDistance",
    "TriangleWind", "World", "anchored", "cap_speed", "chain", "cut_links",
    "gauss_seidel_passes", "integrate", "jacobi_passes", "move_now", "move_pending",
    "push_apart", "reach", "ring", "rotate_rigidly", "sheet", "snap_overstretched",
    "solve_gauss_seidel", "solve_jacobi", "tethers",
]
