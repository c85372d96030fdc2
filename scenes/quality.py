"""Render quality tiers (issue 14): how much decoration a frame draws, never how it simulates.

A view reads its scene's `quality` (one of TIERS) and draws accordingly; the physics never
reads it, so a replay gives the same state at every tier.

- "high"    everything: supersampled layers, sprites, glows, anti-aliased lines.
- "medium"  the costliest decoration goes: supersampled layers drawn at 1x, glows and sprites
            simplified; still anti-aliased outlines.
- "low"     plain (not anti-aliased) lines and fills, no glows or sprites: the cheapest frame
            that still shows every moving thing.
"""

TIERS = ("low", "medium", "high")
"""Tiers from cheapest to richest; a governor steps along this tuple."""
DEFAULT_TIER = "high"
