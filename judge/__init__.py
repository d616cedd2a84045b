"""An offline judge for LeetCode 843 "Guess the Word" and Luogu P8079 (WC2022 猜词)."""

__version__ = "0.1.0"
