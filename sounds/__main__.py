"""`python -m sounds` regenerates every cue WAV into this package (see synth.main)."""

from sounds.synth import main

raise SystemExit(main())
