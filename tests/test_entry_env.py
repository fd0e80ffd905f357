"""The entry point sets Windows' per-monitor DPI awareness before pygame starts
(game/__main__.py), and leaves a value the player chose alone."""

from __future__ import annotations

from game.__main__ import platform_env


def test_windows_gets_per_monitor_dpi_awareness():
    env: dict[str, str] = {}
    platform_env("win32", env)
    assert env["SDL_WINDOWS_DPI_AWARENESS"] == "permonitorv2"


def test_other_systems_are_left_alone():
    for system in ("linux", "darwin"):
        env: dict[str, str] = {}
        platform_env(system, env)
        assert "SDL_WINDOWS_DPI_AWARENESS" not in env


def test_the_players_own_setting_wins():
    env = {"SDL_WINDOWS_DPI_AWARENESS": "system"}
    platform_env("win32", env)
    assert env["SDL_WINDOWS_DPI_AWARENESS"] == "system"
