.PHONY: run test bench
run:  ## set up and serve the platform (embedded mode) on http://127.0.0.1:8000 (or PORT)
	scripts/run.sh
test:  ## set up and run ruff, mypy and the whole test suite
	scripts/test.sh
bench:  ## engine benchmarks against OpenSpiel (installs the bench extra)
	EXTRAS=dev,bench scripts/setup.sh
	for game in busca buraco-cerrado buraco-mano-a-mano; do .venv/bin/python -m games.engine.bench $$game; done
