"""SQLite whose writers queue in the process (the embedded mode's database engine)."""
