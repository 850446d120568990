"""Pure building blocks shared by every game: no terminal, no files, no clock reads."""
