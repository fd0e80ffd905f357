"""Every test runs in English unless it chooses a language: the system's language (which
the game follows by default) must not change what the tests read."""

import os

os.environ["LANGUAGE"] = "en"
