"""The flag demo: a flag on a pole fluttering in gusty wind, torn by a storm."""
