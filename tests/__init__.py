"""The test suite, by layer: engine, kit, app, every demo, all scenes at once, browser; helpers in support."""
