"""Every scene by name: what `--scene`, `--list` and the page query choose from."""

from .rope.scene import RopeScene

SCENES = {scene.name: scene for scene in (RopeScene,)}
"""Scene classes by name, in the order `--list` shows them."""

DEFAULT_SCENE = "rope"
"""What opens when no scene is named."""
