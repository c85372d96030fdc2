"""Every scene by name: what `--scene`, `--list` and the page query choose from."""

from .bridge.scene import BridgeScene
from .cloth.scene import ClothScene
from .flag.scene import FlagScene
from .hair.scene import HairScene
from .rope.scene import RopeScene
from .spider.scene import SpiderScene
from .takopi.scene import TakopiScene

SCENES = {scene.name: scene for scene in (TakopiScene, SpiderScene, RopeScene, ClothScene,
                                               FlagScene, BridgeScene, HairScene)}
"""Scene classes by name, in the order `--list` shows them."""

DEFAULT_SCENE = "takopi"
"""What opens when no scene is named."""
