.PHONY: run test bench messages
run:  ## set up and serve the platform (embedded mode) on http://127.0.0.1:8000 (or PORT)
	scripts/run.sh
test:  ## set up and run ruff, mypy and the whole test suite
	scripts/test.sh
bench:  ## engine benchmarks against OpenSpiel (installs the bench extra)
	EXTRAS=dev,bench scripts/setup.sh
	for game in busca buraco-cerrado buraco-mano-a-mano; do .venv/bin/python -m games.engine.bench $$game; done
messages:  ## extract new strings into locale/*/LC_MESSAGES/*.po (needs GNU gettext: apt-get install gettext), then compile
	scripts/setup.sh
	.venv/bin/python manage.py makemessages -d django -l es -l pt_BR -l id -l ko --no-obsolete \
		--ignore='.venv/*' --ignore='var/*' --ignore='tests/*' --ignore='bench/*' --ignore='examples/*'
	.venv/bin/python manage.py makemessages -d djangojs -l es -l pt_BR -l id -l ko --no-obsolete \
		--ignore='.venv/*' --ignore='var/*' --ignore='tests/*' --ignore='bench/*' --ignore='examples/*' --ignore='node_modules/*'
	.venv/bin/python manage.py compilecatalogs
