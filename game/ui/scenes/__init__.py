"""One scene per module: title, setup, table, and the overlays pushed on top of them."""
