"""An eighth demo written from the kit alone, as docs/new-scene.md walks through: a pendulum."""
