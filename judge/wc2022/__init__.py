"""Luogu P8079 [WC2022] 猜词: the Wordle variant with gold/silver feedback and official scoring."""
