"""exactformer: settle the arithmetic of hand-worked transformer examples, exactly."""

__version__ = "0.2.0"


def load(path):
    """Load a case file as a Computation (see ``exactformer.api``)."""
    from .api import load as _load

    return _load(path)
