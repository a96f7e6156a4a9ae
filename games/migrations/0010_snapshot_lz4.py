"""PostgreSQL: a match's snapshot and record are compressed with lz4, not pglz.

Every move rewrites the snapshot, which grows to 10-20 KB over a Busca game: with pglz its
compression was half the cost of the move's one write statement (1.0 of 1.3 ms for 17 KB on
the development machine), with lz4 a quarter of it. A server built without lz4 keeps pglz.
SQLite stores text as it is, so there is nothing to do there.
"""

from django.db import migrations

COLUMNS = ("snapshot", "record")


def _compression(method: str) -> str:
    alters = "; ".join(
        f"ALTER TABLE games_match ALTER COLUMN {column} SET COMPRESSION {method}"
        for column in COLUMNS
    )
    return (
        "DO $$ BEGIN EXECUTE '" + alters.replace("'", "''") + "';"
        " EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN"
        " RAISE NOTICE 'lz4 is not available: the match columns keep pglz'; END $$"
    )


def forwards(apps, schema_editor):  # type: ignore[no-untyped-def]
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(_compression("lz4"))


def backwards(apps, schema_editor):  # type: ignore[no-untyped-def]
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(_compression("pglz"))


class Migration(migrations.Migration):
    dependencies = [("games", "0009_time_bank")]

    operations = [migrations.RunPython(forwards, backwards)]
