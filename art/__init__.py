"""Our own card art (drawing code and vector files) and its licences."""
