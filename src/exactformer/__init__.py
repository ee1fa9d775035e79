"""exactformer: settle the arithmetic of hand-worked transformer examples, exactly."""

from .api import Computation, Quantity, load
from .errors import AddressError, CaseError, ExactformerError

__all__ = ["AddressError", "CaseError", "Computation", "ExactformerError", "Quantity", "load"]
__version__ = "0.1.0"
