"""Korean short dates as Korean readers write them ("2026년 12월 2일"), not Django's "2026-12-2":
the tournament and league lists use the short formats."""

SHORT_DATE_FORMAT = "Y년 n월 j일"
SHORT_DATETIME_FORMAT = "Y년 n월 j일 H:i"
