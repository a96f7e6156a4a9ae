# The Heartbeat and Clock models moved from the web app to core; their tables stay as they are
# (web_heartbeat, web_clock): only Django's state moves.

from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ("web", "0001_heartbeats_and_clock"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Clock",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("taking_moves_at", models.DateTimeField(blank=True, null=True)),
                        ("swept_at", models.DateTimeField(blank=True, null=True)),
                    ],
                    options={"db_table": "web_clock"},
                ),
                migrations.CreateModel(
                    name="Heartbeat",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("role", models.CharField(choices=[("web", "Web"), ("worker", "Worker"), ("beat", "Beat")], max_length=6)),
                        ("process", models.CharField(help_text="host:pid", max_length=200)),
                        ("started_at", models.DateTimeField()),
                        ("at", models.DateTimeField()),
                    ],
                    options={
                        "db_table": "web_heartbeat",
                        "indexes": [models.Index(fields=["role", "at"], name="web_heartbe_role_a75a50_idx")],
                        "constraints": [models.UniqueConstraint(fields=("role", "process"), name="one_heartbeat_per_process")],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
