"""Tournament services: the writes (lifecycle, entries, rounds) and their checks."""
