"""League services: the writes (create, join, schedule, open, record, close, promote)."""
