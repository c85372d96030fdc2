"""The rope demo: a Verlet rope hanging from a pin, to grab and swing."""
