"""Starting up without the cyclic garbage collector.

Starting `umpire play` (the imports, the scenario, the session, the first frame) makes tens of
thousands of objects that live as long as the process, and next to no garbage in reference
cycles; yet the collector runs about 90 times over them meanwhile (~18 ms of ~190 ms to the first
prompt, measured with `gc.callbacks`). So the console script turns it off first thing (`pause`),
and each command turns it back on once it has started (`resume`): the REPL when its first frame
is drawn, batch mode before its first line, every other command before it runs. `resume` also
freezes what start-up made (`gc.freeze`): it stays for the whole run, so no later collection
walks it again, and a collection during play costs less.

What start-up costs beyond a bare prompt_toolkit prompt is mostly the records it defines: a
dataclass compiles its methods (`__init__`, `__eq__`, `__repr__`, and a frozen one's `__setattr__`,
`__delattr__` and `__hash__`) when its class is made, about a millisecond a class, the same on
Python 3.11, 3.12 and 3.13. A small record that needs none of a dataclass's tools (`replace`,
`fields`, keyword-only fields) and never goes into JSON is a NamedTuple instead, ten times cheaper
to define: the games' registry entries, a journal's breaks, a prepared journal line, the seed's
secret, the REPL's pictures.

>>> import gc
>>> pause(); gc.isenabled()
False
>>> resume(); gc.isenabled()
True
>>> _ = gc.unfreeze()
"""

from __future__ import annotations

import gc

_paused = False  # the collector was on, and `pause` turned it off


def pause() -> None:
    """Turn the cyclic garbage collector off while umpire starts (unless something already had)."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def resume() -> None:
    """Once started: freeze what start-up made and turn the collector back on, if `pause` turned it off."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.enable()
