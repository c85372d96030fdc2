"""The bridge demo: a rope bridge that carries crates, or snaps under them."""
