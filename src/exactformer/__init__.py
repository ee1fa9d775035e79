"""exactformer: settle the arithmetic of hand-worked transformer examples, exactly."""

__version__ = "0.2.0"


def load(path):
    """Load a case file as a Computation (see ``exactformer.api``)."""
    from .api import load as _load

    return _load(path)


def audit_file(path, givens=None):
    """Audit a case file or a document (see ``exactformer.api.audit_file``); in Jupyter it shows as its page.
    (``exactformer.audit`` is the package that judges the claims, hence the name.)"""
    from .api import audit_file as _audit_file

    return _audit_file(path, givens)


def load_ipython_extension(ipython):
    """``%load_ext exactformer``: the ``%exactformer`` magics (``exactformer.jupyter``)."""
    from .jupyter import register

    register(ipython)
