"""The cloth demo: a cloak on a rod that tears, cuts and blows in the wind."""
