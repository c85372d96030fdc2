"""Render tiers: how much decoration a frame draws, never how it simulates.

A view reads the tier it is given and draws accordingly; the physics never reads it, so a
replay gives the same state at every tier. The app's quality governor (`app.quality`) steps
along TIERS as the frame allows.

- "high"    everything: supersampled layers, sprites, glows, anti-aliased lines.
- "medium"  the costliest decoration goes: supersampled layers drawn at 1x, glows and sprites
            simplified, curves sampled more coarsely; still anti-aliased outlines.
- "low"     plain (not anti-aliased) lines and fills, no glows or sprites: the cheapest frame
            that still shows every moving thing.
"""

TIERS = ("low", "medium", "high")
"""Tiers from cheapest to richest."""
DEFAULT_TIER = "high"
"""What a view draws when nothing else is asked (and what headless runs draw)."""
