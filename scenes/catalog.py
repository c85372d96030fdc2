"""Every scene by name: what `--scene`, `--list` and the page query choose from."""

from scenes.bridge.scene import BridgeScene
from scenes.cloth.scene import ClothScene
from scenes.flag.scene import FlagScene
from scenes.hair.scene import HairScene
from scenes.rope.scene import RopeScene
from scenes.spider.scene import SpiderScene
from scenes.takopi.scene import TakopiScene

SCENES = {scene.name: scene for scene in (TakopiScene, SpiderScene, RopeScene, ClothScene,
                                               FlagScene, BridgeScene, HairScene)}
"""Scene classes by name, in the order `--list` shows them."""



def register(scene):
    """Add a scene class to the catalog (last in `--list`), as the seven above are."""
    if scene.name in SCENES:
        raise ValueError(f"a scene named {scene.name!r} is in the catalog already")
    SCENES[scene.name] = scene
    return scene


DEFAULT_SCENE = "takopi"
"""What opens when no scene is named."""
