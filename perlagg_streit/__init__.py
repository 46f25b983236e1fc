"""perlagg-streit: a referee for Perlaggen, the Tyrolean card game with wild cards."""

__version__ = "0.1.0"
