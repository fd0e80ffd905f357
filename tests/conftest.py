"""Settings every test starts from, whatever the shell that runs the suite exported.

- Every test runs in English unless it chooses a language: the system's language (which the
  game follows by default) must not change what the tests read.
- ``HACHIHACHI_HOME`` is cleared: with it set, the smoke runs would share one folder and the
  second would meet the first one's autosave. Tests that need a home set their own.
"""

import os

os.environ["LANGUAGE"] = "en"
os.environ.pop("HACHIHACHI_HOME", None)
