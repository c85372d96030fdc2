"""What the host (`app.host`) reads of the scene it shows, declared: `Hosted`.

Every demo's scene (`scenes.kit.scene.Scene`) and the side-by-side view (`app.side_by_side.CompareView`)
are shown by the same host, the rewind bar (`app.rewind`), the toolbar, the page link and the
headless driver; this protocol names every member they read, so a member the host starts to
read is added here and `tests/app/test_hosted.py` checks that every scene class and the
side-by-side view have it, long before compare mode is opened. Every write reaches the run
through `apply(record)` (`scenes.kit.model.run.Run.apply`): the toolbar's restart, the panel's
sliders and the page's commands make records.
"""

from typing import Protocol, runtime_checkable


@runtime_checkable
class Hosted(Protocol):
    """A scene as the host sees it."""

    name: str
    help: str
    size: tuple
    params: object
    """The scene's `ParamTable`: what a page's `set` and the share link are checked against."""
    toolbar_items: tuple
    context: object
    """The scene's `ViewContext`, where the host writes tier, touch, toolbar slots, records."""
    panel: object
    """The slider panel, or None."""
    run: object
    """What the rewind bar moves along (`Run`, or side by side the copies' runs as one)."""

    @property
    def frame(self) -> int: ...

    @property
    def values(self) -> dict: ...

    @property
    def part_way(self) -> bool: ...

    def apply(self, record) -> None: ...

    def handle(self, event) -> None: ...

    def step(self) -> None: ...

    def step_phase(self) -> None: ...

    def finish_frame(self) -> None: ...

    def draw(self, surface) -> None: ...

    def lay_out(self, ui) -> None: ...

    def state(self) -> dict: ...

    def add_note(self, text) -> None: ...

    def take_moments(self) -> list: ...

    def moment_line(self, name, detail): ...

    def use_records(self, records) -> None: ...
