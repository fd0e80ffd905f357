"""The program's version, in one place: pyproject.toml reads it (``[tool.setuptools.dynamic]``),
``python -m game --version`` and the About page show it, and every record the program writes
names it (``record.APP_VERSION``). CHANGELOG.md says what each version brings."""

VERSION = "0.2.0"
