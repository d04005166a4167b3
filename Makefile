# Two commands do everything on a fresh machine:
#   make lab    create .venv, install, open JupyterLab on the course
#   make test   create .venv, install, run the linters, the unit tests, every
#               notebook, the website's checks, and the browser tests (installing
#               Debian's Chromium when missing)
#   make site   the course as a website: _build/site/html/index.html
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Two stamps, one per requirements file: .installed (the course) and
# .installed-dev (the course and the tools). `make lab` then `make test` adds
# the tools; a change to either file reinstalls what depends on it.
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev
PIP := $(BIN)/python -m pip install --quiet --disable-pip-version-check
# reveal.js's npm package, for the slides' style sheets (make slides)
REVEAL := $(VENV)/reveal.js/node_modules/reveal.js/package.json
# Jupyter refuses to run as root unless told; containers often are root.
LAB_FLAGS := $(if $(filter 0,$(shell id -u)),--allow-root,)
# The browser tests drive this Chromium (Debian's package) through Playwright.
CHROMIUM ?= /usr/bin/chromium
# Root installs packages directly; anyone else goes through sudo.
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)

.PHONY: lab notebook test site lint unit notebooks browser chromium bubblewrap present slides release grade tournament editions benchmark benchmark-grading benchmark-peers figures pythons clean

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

# The student edition as a student sees it, in JupyterLab (make lab) or in the classic
# Notebook 7 interface (make notebook): nbgrader's instructor tools (its menu, Create
# Assignment, Formgrader), installed for make test, are switched off, and so is
# JupyterLab's news pop-up (tools/student-lab holds those settings). JUPYTER_FLAGS
# passes options on (a port, --no-browser).
STUDENT_JUPYTER := JUPYTER_CONFIG_PATH=$(CURDIR)/tools/student-lab $(BIN)/jupyter
lab: $(STAMP)
	$(STUDENT_JUPYTER) lab --notebook-dir=notebooks $(LAB_FLAGS) $(JUPYTER_FLAGS)

notebook: $(STAMP)
	$(STUDENT_JUPYTER) notebook --notebook-dir=notebooks $(LAB_FLAGS) $(JUPYTER_FLAGS)

test: lint unit notebooks site browser

# The course as a website (tools/site.py; Sphinx, MyST-NB and the book theme): the
# student edition run (cached by content in _build/site/run, two notebooks at a
# time), its viewers' first frames, the docs and a banner per lecture, every
# warning an error. Then its checks (tests/test_site.py, marked site: links, images,
# no solution). make browser audits its pages. Open _build/site/html/index.html.
site: $(DEV_STAMP)
	$(BIN)/python tools/site.py
	MPLBACKEND=Agg $(BIN)/python -m pytest tests/test_site.py -m site

# Style, formatting and types: ruff and mypy, configured in pyproject.toml.
LINTED := aisearch tests benchmarks tools site nbgrader_config.py conftest.py noxfile.py
lint: $(DEV_STAMP)
	$(BIN)/ruff check $(LINTED)
	$(BIN)/ruff format --check $(LINTED)
	$(BIN)/mypy

# Both run on every core (pytest-xdist); a notebook's cells stay together in
# one worker (--dist loadfile), in order, in one kernel.
unit: $(DEV_STAMP) bubblewrap
	MPLBACKEND=Agg $(BIN)/python -m pytest tests -m "not browser and not site" -n auto --dist loadgroup

# Both editions: the instructor source with every graded cell passing, the
# student edition with every graded cell failing with "Not done yet" (and no
# other failure: nbval compares the error with the stored one).
notebooks: $(DEV_STAMP)
	$(BIN)/python -m pytest --nbval-lax --nbval-current-env \
		--nbval-sanitize-with tools/nbval-sanitize.cfg instructor notebooks -n auto --dist loadfile

# The student edition (notebooks/) from the instructor source (instructor/), through
# nbgrader: make release, or one assignment: make release NB=02_alpha_beta
release: $(DEV_STAMP)
	$(BIN)/python tools/course.py release $(NB)

# Autograde every submission in submitted/<student>/<assignment>/ (or one assignment's:
# make grade NB=02), each sealed off in a bubblewrap sandbox, on every core (JOBS=n for
# another number): feedback/ and grades.csv
grade: $(DEV_STAMP) bubblewrap
	$(BIN)/python tools/course.py grade $(NB) $(if $(JOBS),--jobs $(JOBS),)

# Every student's agent (submitted/<student>/tournament/agent.py, or the project notebook)
# against the others and the reference agents, each sealed off in grading's sandbox, on
# every core (JOBS=n for another number): tournament/standings.csv, standings.html and
# games.json. TOURNAMENT_FLAGS passes options on (--game connect4, --move-time 0.2, ...).
tournament: $(DEV_STAMP) bubblewrap
	$(BIN)/python tools/tournament.py $(if $(JOBS),--jobs $(JOBS),) $(TOURNAMENT_FLAGS)

# Whether the committed student edition is what nbgrader makes from instructor/
editions: $(DEV_STAMP)
	$(BIN)/python tools/course.py check

browser: $(DEV_STAMP) chromium $(REVEAL)
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

# Installs Debian's bubblewrap when it is missing: grading runs every submission in its
# sandbox (the unit tests grade a synthetic class); fails loudly when it cannot.
bubblewrap:
	@command -v bwrap >/dev/null || { \
		echo "bubblewrap (bwrap) is missing; installing Debian's bubblewrap package."; \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get update -q && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q bubblewrap; \
	} && command -v bwrap >/dev/null || { \
		echo "ERROR: could not install bubblewrap. Install it with"; \
		echo "  apt-get install -y bubblewrap   (as root)"; exit 1; }

# Serves a notebook as a page without code, for a projector: make present NB=02
present: $(DEV_STAMP)
	$(BIN)/python tools/present.py $(NB)

# Live slides of a notebook (Voilà's reveal template; exercises and instructors'
# cells left out): make slides NB=02. reveal.js's style sheets come from its npm
# package, of the version whose script Voilà bundles (tools/slides.py says why).
$(REVEAL):
	@command -v npm >/dev/null || { echo "npm is missing: apt-get install -y npm"; exit 1; }
	npm install --prefix $(VENV)/reveal.js --no-audit --no-fund --no-save reveal.js@6.0.1

slides: $(DEV_STAMP) $(REVEAL)
	$(BIN)/python tools/slides.py $(NB)

# Node counts and seconds, side by side: tic-tac-toe, the Connect Four solver,
# then each notebook's run time and slowest cell.
benchmark: $(DEV_STAMP)
	$(BIN)/python benchmarks/tictactoe.py
	$(BIN)/python benchmarks/connect4.py
	$(BIN)/python benchmarks/board.py
	$(BIN)/python tools/notebook_times.py

# A synthetic class of 200 notebook-02 submissions, the red-team attacks among them,
# graded as make grade grades: the class's time and the sandbox's cost (goal: 10 minutes).
benchmark-grading: $(DEV_STAMP) bubblewrap
	$(BIN)/python benchmarks/grading.py

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

# The unit tests and notebooks 01 and 02 on each Python from 3.10 to 3.13 that the
# machine has (noxfile.py); missing ones are skipped, none is downloaded.
pythons: $(DEV_STAMP)
	$(BIN)/nox --no-error-on-missing-interpreters

clean:
	rm -rf $(VENV) $(PEERS) .nox .pytest_cache .hypothesis
