"""The hair demo: a head of hair with bend limits that follows the pointer."""
