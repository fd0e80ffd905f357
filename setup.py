"""Builds the optional compiled rollout kernel (game/engine/_ckernel.c); the project's
metadata lives in pyproject.toml.

``optional=True``: without a C compiler the install still succeeds and the engine runs its
pure-Python kernel (``game.engine.kernel_name()`` says which one is in use).
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("game.engine._ckernel", ["game/engine/_ckernel.c"],
                             optional=True)])
