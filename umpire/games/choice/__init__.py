"""The Choice is Yours — Final Match "Multi-Player": Goofspiel, the Shop, Gyul Hap and Expressions
over six 10-minute blocks, with the three Advantages."""
