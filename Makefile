# Billfold's front door. `make test` installs what it needs, so it works on a fresh Debian machine.
SHELL := /bin/bash
VENV := .venv
PYTHON := $(VENV)/bin/python
APT_PACKAGES := postgresql chromium chromium-driver sqlite3 wrk tmux hledger ledger
SWIFT_SOURCES := Package.swift Sources Tests

.PHONY: run build test test-swift test-python deps deps-system deps-python bench format lint clean

run:
	swift run billfold serve --demo

build:
	swift build

## Everything: Swift tests on SQLite and PostgreSQL, then the Python suites (API contract,
## browser) against a real server, all beside one throwaway PostgreSQL.
test: deps lint
	swift build --build-tests
	swift build --product billfold
	scripts/with-postgres.sh scripts/test-all.sh

test-swift: deps-system
	scripts/with-postgres.sh swift test --no-parallel

test-python: deps
	swift build --product billfold
	scripts/with-postgres.sh $(PYTHON) -m pytest tests -q

deps: deps-system deps-python

# Installs Debian packages only when a command is missing, so repeat runs cost nothing.
deps-system:
	@missing=""; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	command -v chromium >/dev/null || missing="$$missing chromium"; \
	command -v chromedriver >/dev/null || missing="$$missing chromium-driver"; \
	command -v sqlite3 >/dev/null || missing="$$missing sqlite3"; \
	command -v wrk >/dev/null || missing="$$missing wrk"; \
	command -v tmux >/dev/null || missing="$$missing tmux"; \
	command -v hledger >/dev/null || missing="$$missing hledger"; \
	command -v ledger >/dev/null || missing="$$missing ledger"; \
	fc-list :lang=ja 2>/dev/null | grep -q . || missing="$$missing fonts-noto-cjk"; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi

deps-python: $(VENV)/.installed

$(VENV)/.installed: tests/requirements.txt
	python3 -m venv $(VENV)
	$(PYTHON) -m pip install -q --upgrade pip
	$(PYTHON) -m pip install -q -r tests/requirements.txt
	touch $@

bench: deps-system
	scripts/bench.sh
	scripts/with-postgres.sh scripts/bench-files.sh

format:
	swift format -i -r $(SWIFT_SOURCES)

lint:
	swift format lint --strict -r $(SWIFT_SOURCES)

clean:
	rm -rf .build $(VENV) test-artifacts
