"""Hap-Tac-Toe and its re-skin When Stars Align: one engine, two rule sets."""
