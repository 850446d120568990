"""Run a Python module with discord.py pointed at a fake Discord, for a bot that runs in its own process
(a test that kills and restarts it, say). The fake runs in the test's process; pass its ``http_url``:

    python -m tests.fakediscord.launch http://127.0.0.1:PORT MODULE [ARG ...]

runs MODULE as ``python -m MODULE ARG ...`` would, after setting discord.py's REST base and gateway to the
fake's (run it from the repository's root so that ``tests`` is importable)."""

from __future__ import annotations

import runpy
import sys

from .client import pointed_at

USAGE = "usage: python -m tests.fakediscord.launch http://127.0.0.1:PORT MODULE [ARG ...]"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) < 2:
        print(f"{USAGE}\nexpected the fake's URL and a module to run, got {len(args)} argument(s)", file=sys.stderr)
        return 2
    url, module, *rest = args
    if not url.startswith("http://"):
        print(f"{USAGE}\nthe fake's URL starts with http:// (its http_url), not {url!r}", file=sys.stderr)
        return 2
    with pointed_at(url):
        sys.argv = [module, *rest]
        runpy.run_module(module, run_name="__main__", alter_sys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
