# Two commands do everything on a fresh machine:
#   make lab    create .venv, install, open JupyterLab on the course
#   make test   create .venv, install, run the unit tests and every notebook
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Jupyter refuses to run as root unless told; containers often are root.
LAB_FLAGS := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab test unit notebooks benchmark figures clean

$(STAMP): requirements.txt pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.txt -e .
	@touch $(STAMP)

lab: $(STAMP)
	$(BIN)/jupyter lab --notebook-dir=notebooks $(LAB_FLAGS)

test: unit notebooks

unit: $(STAMP)
	MPLBACKEND=Agg $(BIN)/python -m pytest tests

notebooks: $(STAMP)
	$(BIN)/python -m pytest --nbval-lax --nbval-current-env \
		--nbval-sanitize-with notebooks/sanitize.cfg notebooks

benchmark: $(STAMP)
	$(BIN)/python benchmarks/tictactoe.py

figures: $(STAMP)
	MPLBACKEND=Agg $(BIN)/python -m aisearch.figures

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
