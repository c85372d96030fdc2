"""Takopi: the soft body that stores no shape (the first article's demo, SPEC T1-T17)."""
