# The Heartbeat and Clock models moved to core (core/migrations/0001); their tables stay.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("web", "0001_heartbeats_and_clock"),
        ("core", "0001_heartbeats_and_clock_from_web"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="Heartbeat"),
                migrations.DeleteModel(name="Clock"),
            ],
            database_operations=[],
        ),
    ]
