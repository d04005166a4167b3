# Two commands do everything on a fresh machine:
#   make lab    create .venv, install, open JupyterLab on the course
#   make test   create .venv, install, run the linters, the unit tests, every
#               notebook, and the browser tests (installing Debian's Chromium
#               when missing)
# `make lab` installs requirements.txt (what a student needs); the targets that
# test, lint, present or benchmark install requirements-dev.txt (that plus the
# test and instructor tools) into the same .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Two stamps, one per requirements file: .installed (the course) and
# .installed-dev (the course and the tools). `make lab` then `make test` adds
# the tools; a change to either file reinstalls what depends on it.
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev
PIP := $(BIN)/python -m pip install --quiet --disable-pip-version-check
# Jupyter refuses to run as root unless told; containers often are root.
LAB_FLAGS := $(if $(filter 0,$(shell id -u)),--allow-root,)
# The browser tests drive this Chromium (Debian's package) through Playwright.
CHROMIUM ?= /usr/bin/chromium
# Root installs packages directly; anyone else goes through sudo.
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)

.PHONY: lab test lint unit notebooks browser chromium present benchmark benchmark-peers figures pythons clean

$(STAMP): requirements.txt pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP) -r requirements.txt -e .
	@touch $(STAMP)

# requirements-dev.txt starts with `-r requirements.txt`, so one install covers
# both files and leaves the course's stamp up to date as well.
$(DEV_STAMP): requirements-dev.txt requirements.txt pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP) -r requirements-dev.txt -e .
	@touch $(STAMP) $(DEV_STAMP)

lab: $(STAMP)
	$(BIN)/jupyter lab --notebook-dir=notebooks $(LAB_FLAGS)

test: lint unit notebooks browser

# Style, formatting and types: ruff and mypy, configured in pyproject.toml.
LINTED := aisearch tests benchmarks tools notebooks/refresh.py
lint: $(DEV_STAMP)
	$(BIN)/ruff check $(LINTED)
	$(BIN)/ruff format --check $(LINTED)
	$(BIN)/mypy

# Both run on every core (pytest-xdist); a notebook's cells stay together in
# one worker (--dist loadfile), in order, in one kernel.
unit: $(DEV_STAMP)
	MPLBACKEND=Agg $(BIN)/python -m pytest tests -m "not browser" -n auto

notebooks: $(DEV_STAMP)
	$(BIN)/python -m pytest --nbval-lax --nbval-current-env \
		--nbval-sanitize-with notebooks/sanitize.cfg notebooks -n auto --dist loadfile

browser: $(DEV_STAMP) chromium
	AISEARCH_CHROMIUM=$(CHROMIUM) $(BIN)/python -m pytest tests/browser -m browser

# Installs Debian's Chromium when it is missing; fails loudly when it cannot.
chromium:
	@test -x $(CHROMIUM) || { \
		echo "Chromium is missing at $(CHROMIUM); installing Debian's chromium package."; \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get update -q && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q chromium; \
	} && test -x $(CHROMIUM) || { \
		echo "ERROR: could not install Chromium at $(CHROMIUM). Install it with"; \
		echo "  apt-get install -y chromium   (as root)"; \
		echo "or run: make test CHROMIUM=/path/to/chromium"; exit 1; }

# Serves a notebook as a page without code, for a projector: make present NB=02
present: $(DEV_STAMP)
	$(BIN)/python tools/present.py $(NB)

# Node counts and seconds, side by side: tic-tac-toe, the Connect Four solver,
# then each notebook's run time and slowest cell.
benchmark: $(DEV_STAMP)
	$(BIN)/python benchmarks/tictactoe.py
	$(BIN)/python benchmarks/connect4.py
	$(BIN)/python benchmarks/board.py
	$(BIN)/python tools/notebook_times.py

# The same searches in OpenSpiel and AIMA, side by side (not part of make test):
# they are installed in an environment of their own, never in the course's.
PEERS := .venv-peers
benchmark-peers:
	@test -x $(PEERS)/bin/python || $(PYTHON) -m venv $(PEERS)
	$(PEERS)/bin/python -m pip install --quiet --disable-pip-version-check \
		open_spiel==2.0.2 aima3==1.0.11
	PYTHONPATH=. $(PEERS)/bin/python benchmarks/peers.py

figures: $(STAMP)
	MPLBACKEND=Agg $(BIN)/python -m aisearch.figures

# The unit tests and notebooks 01 and 02 on each of Python 3.10 to 3.13 that
# this machine has (noxfile.py; missing ones are skipped), one after another,
# each in a virtualenv of its own under .nox/.
pythons: $(DEV_STAMP)
	$(BIN)/nox --no-error-on-missing-interpreters

clean:
	rm -rf $(VENV) $(PEERS) .nox .pytest_cache .hypothesis
