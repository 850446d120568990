"""umpire: the host's assistant for text-based online reality games."""

__version__ = "0.1.0"
